import { readFileSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { lowerThreadPoolPriority } from '../src/runtime/thread-pool-priority.js';

const niceOf = (tid: number) =>
  Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);

describe.runIf(process.platform === 'linux')("libuv's pool threads", () => {
  it('run at a lower priority than the event loop once lowered', async () => {
    const loop = niceOf(process.pid);
    const lowered = await lowerThreadPoolPriority(4, 2);
    expect(lowered).toBeGreaterThanOrEqual(1);
    // A file operation runs on a pool thread: /proc/thread-self names the one it ran on.
    const poolThread = Number((await readlink('/proc/thread-self')).split('/').at(-1));
    expect(poolThread).not.toBe(process.pid);
    expect(niceOf(poolThread)).toBe(Math.min(19, loop + 2));
    expect(niceOf(process.pid)).toBe(loop);
  });
});
