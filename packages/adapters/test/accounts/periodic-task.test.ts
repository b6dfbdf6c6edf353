import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from '../../src/embedding/periodic-task.js';

// On Vitest's fake timers: time passes when the test says so, whatever the machine's load.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

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
    // Each run: 10 ms of interval, then 30 ms of work; 200 ms hold at least four.
    await vi.advanceTimersByTimeAsync(200);
    const stopped = task.stop();
    await vi.runAllTimersAsync();
    await stopped;

    expect(runs).toBeGreaterThanOrEqual(4);
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
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toBe(1);
    expect(finished).toBe(0);
    const stopped = task.stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopped;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(1);
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
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await task.stop();
  });
});
