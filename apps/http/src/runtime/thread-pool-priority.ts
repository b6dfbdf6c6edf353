import { readdirSync, readFileSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';

/** Threads named by libuv (1.48 and later name its pool threads). */
function namedPoolThreads(): number[] {
  const threads: number[] = [];
  for (const task of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'libuv-worker')
        threads.push(Number(task));
    } catch {
      // the thread ended meanwhile
    }
  }
  return threads;
}

/**
 * Older libuv names no thread: a file operation runs on a pool thread, and /proc/thread-self
 * read there names it. A few rounds of as many reads as the pool has threads find them all.
 */
async function probedPoolThreads(poolSize: number): Promise<number[]> {
  const found = new Set<number>();
  for (let round = 0; round < 20 && found.size < poolSize; round++) {
    const links = await Promise.all(Array.from({ length: poolSize }, () => readlink('/proc/thread-self')));
    for (const link of links) {
      const tid = Number(link.split('/').at(-1));
      if (Number.isInteger(tid) && tid !== process.pid) found.add(tid);
    }
  }
  return [...found];
}

/**
 * Opt-in (THREAD_POOL_NICENESS): it buys reads that answer on time during a flood of password
 * checks. Lowers the CPU priority of libuv's thread pool, where argon2 computes (and files are written,
 * names looked up): under a flood of password checks those threads take every CPU, and at equal
 * priority the event loop waited its turn behind them, so reads answered late. At a lower one it
 * runs first whenever it has work; the pool still gets every CPU the loop leaves idle. Linux only
 * (a thread's nice value); elsewhere, or when the threads cannot be found, nothing changes.
 * Resolves with the number of threads lowered.
 */
export async function lowerThreadPoolPriority(poolSize: number, niceness: number): Promise<number> {
  if (process.platform !== 'linux') return 0;
  const nice = Math.min(19, getPriority(process.pid) + niceness);
  let threads: number[];
  try {
    threads = namedPoolThreads();
    if (threads.length === 0) threads = await probedPoolThreads(poolSize);
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of threads) {
    try {
      setPriority(tid, nice);
      lowered++;
    } catch {
      // not allowed, or the thread is gone: leave it
    }
  }
  return lowered;
}
