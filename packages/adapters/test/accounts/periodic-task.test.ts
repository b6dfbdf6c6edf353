import { describe, expect, it } from 'vitest';
import { PeriodicTask } from '../../src/embedding/periodic-task.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PeriodicTask', () => {
  it('runs every interval, one run at a time, and goes on after a run that throws', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const errors: unknown[] = [];
    const task = new PeriodicTask(
      async () => {
        runs++;
        running++;
        overlapped ||= running > 1;
        await sleep(30);
        running--;
        if (runs === 1) throw new Error('first run fails');
      },
      10,
      (error) => errors.push(error),
    );
    task.start();
    await sleep(200);
    await task.stop();

    expect(runs).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
    expect(errors).toEqual([new Error('first run fails')]);
  });

  it('waits on stop for the run under way, and runs no more after it', async () => {
    let finished = 0;
    let started = 0;
    const task = new PeriodicTask(
      async () => {
        started++;
        await sleep(50);
        finished++;
      },
      5,
      () => undefined,
    );
    task.start();
    await sleep(20);
    await task.stop();
    expect(finished).toBe(started);
    await sleep(50);
    expect(started).toBe(finished);
  });

  it('does nothing before the first interval has passed', async () => {
    let runs = 0;
    const task = new PeriodicTask(
      () => {
        runs++;
        return Promise.resolve();
      },
      1_000,
      () => undefined,
    );
    task.start();
    await sleep(30);
    await task.stop();
    expect(runs).toBe(0);
  });
});
