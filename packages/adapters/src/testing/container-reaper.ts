import { spawn } from 'node:child_process';
import type { DockerEndpoint } from './docker-probe.js';

export type ContainerReaper = {
  /** The reaper's process. */
  pid: number | undefined;
  /** Ends the watch, leaving the containers alone. */
  stop(): void;
};

export type ContainerReaperOptions = {
  endpoint: DockerEndpoint;
  /** Containers carrying this label (`key=value`) are removed once `watchedPid` is gone. */
  label: string;
  watchedPid?: number;
  intervalMs?: number;
};

// Plain CommonJS for `node -e`: it must run on any Node version without the workspace's
// toolchain, in a process of its own that outlives the one it watches. Removal goes through the
// Docker API itself (no docker CLI needed): list the labelled containers, force-remove each one
// with its anonymous volumes, then exit. An error on the way is retried a few times, then given up.
const REAPER_SCRIPT = String.raw`
const http = require('node:http');
const { endpoint, label, watchedPid, intervalMs } = JSON.parse(process.argv[1]);
const call = (method, path) => new Promise((resolve, reject) => {
  const request = http.request({ ...endpoint, method, path, timeout: 10000 }, (response) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => { body += chunk; });
    response.on('end', () => resolve({ status: response.statusCode, body }));
  });
  request.on('timeout', () => request.destroy(new Error('timed out')));
  request.on('error', reject);
  request.end();
});
const alive = (pid) => {
  try { process.kill(pid, 0); return true; } catch (error) { return error.code === 'EPERM'; }
};
const removeLabelled = async () => {
  const filters = encodeURIComponent(JSON.stringify({ label: [label] }));
  const listed = await call('GET', '/containers/json?all=1&filters=' + filters);
  if (listed.status !== 200) throw new Error('listing containers answered ' + listed.status);
  for (const container of JSON.parse(listed.body)) {
    const removed = await call('DELETE', '/containers/' + container.Id + '?force=true&v=true');
    if (removed.status !== 204 && removed.status !== 404) throw new Error('removal answered ' + removed.status);
  }
};
const reap = async () => {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    try { await removeLabelled(); return; } catch { await new Promise((done) => setTimeout(done, 1000)); }
  }
};
const timer = setInterval(() => {
  if (alive(watchedPid)) return;
  clearInterval(timer);
  reap().finally(() => process.exit(0));
}, intervalMs);
`;

/**
 * What Ryuk does for testcontainers, without a container of its own (Ryuk's image needs a
 * registry): a detached process that removes the labelled containers once the watched process
 * (by default this one) has ended, however it ended: teardown skipped on Ctrl-C, a crash, SIGKILL.
 */
export function startContainerReaper(options: ContainerReaperOptions): ContainerReaper {
  const settings = {
    endpoint: options.endpoint,
    label: options.label,
    watchedPid: options.watchedPid ?? process.pid,
    intervalMs: options.intervalMs ?? 500,
  };
  // Its own process group, so that the Ctrl-C that ends the test run does not end it as well.
  const child = spawn(process.execPath, ['-e', REAPER_SCRIPT, JSON.stringify(settings)], {
    detached: true,
    stdio: 'ignore',
    env: {},
  });
  child.unref();
  return {
    pid: child.pid,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
