// A server in a child process, and what Linux reports about it: CPU time and peak resident memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node.js runs on

/** CPU seconds (user + system, every thread) the process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / CLOCK_TICKS_PER_SECOND;
}

/** Peak resident set size in bytes (VmHWM of /proc/<pid>/status). */
export function peakRssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kib) * 1024;
}

/** GET `url` once; resolves with the status code, or null when nothing answered. */
function statusOf(url, headers = {}) {
  return new Promise((resolve) => {
    const req = request(url, { headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** Polls `url` every `intervalMs` until it answers 200; resolves with the moment it did. */
export async function waitFor200(url, { headers = {}, timeoutMs = 30_000, intervalMs = 5 } = {}) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if ((await statusOf(url, headers)) === 200) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Starts `node <flags> <script>` with `env` on top of this process's environment (null: unset); its output is
 * dropped (each server logs its requests at info, into /dev/null), its errors shown. `launcher` runs
 * node under another program (valgrind and its options); `pid` is then that program's.
 */
export function startServer(script, env, nodeFlags = [], launcher = []) {
  const [command, ...args] = [...launcher, process.execPath, ...nodeFlags, script];
  const child = spawn(command, args, {
    // A variable given as null is left out (an A/B without one of the image's settings).
    env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== null)),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    pid: child.pid,
    startedAt: performance.now(),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
