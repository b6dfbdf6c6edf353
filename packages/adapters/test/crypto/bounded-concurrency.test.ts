import { describe, expect, it } from 'vitest';
import { BoundedConcurrency } from '../../src/crypto/bounded-concurrency.js';

class Busy extends Error {}

/** A task that finishes when told to, and reports that it started. */
function controlled() {
  const started: number[] = [];
  const finish: (() => void)[] = [];
  const task = (id: number) => () => {
    started.push(id);
    return new Promise<number>((resolve) => finish.push(() => resolve(id)));
  };
  return { started, finish, task };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedConcurrency', () => {
  it('runs at most maxRunning at once, then the waiting ones in their order', async () => {
    const gate = new BoundedConcurrency(2, 5, () => new Busy());
    const { started, finish, task } = controlled();
    const results = [1, 2, 3, 4].map((id) => gate.run(task(id)));
    await settle();
    expect(started).toEqual([1, 2]);
    expect(gate.size).toEqual({ running: 2, waiting: 2 });

    finish[0]?.();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    finish[1]?.();
    finish[2]?.();
    await settle();
    finish[3]?.();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(gate.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once, without running the task, when the line is full', async () => {
    const gate = new BoundedConcurrency(1, 1, () => new Busy());
    const { started, finish, task } = controlled();
    const first = gate.run(task(1));
    const second = gate.run(task(2));
    await expect(gate.run(task(3))).rejects.toBeInstanceOf(Busy);
    await settle();
    expect(started).toEqual([1]);
    finish[0]?.();
    await settle();
    finish[1]?.();
    expect([await first, await second]).toEqual([1, 2]);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new BoundedConcurrency(1, 0, () => new Busy());
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
