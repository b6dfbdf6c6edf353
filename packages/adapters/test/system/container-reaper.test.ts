import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startContainerReaper, type ContainerReaper } from '@accounts/adapters/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** A Docker engine's API on a socket of its own, holding two containers with the run's label. */
async function fakeDockerApi(socketPath: string) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${decodeURIComponent(request.url ?? '')}`);
    if (request.method === 'GET') {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify([{ Id: 'c0ffee' }, { Id: 'decade' }]));
    } else {
      response.statusCode = 204;
      response.end();
    }
  });
  server.listen(socketPath);
  await once(server, 'listening');
  return { server, requests };
}

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid ?? -1, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('startContainerReaper', () => {
  let dir: string;
  let docker: { server: Server; requests: string[] };
  let watched: ChildProcess;
  let reaper: ContainerReaper | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reaper-'));
    docker = await fakeDockerApi(join(dir, 'docker.sock'));
    // Stands for the test run's main process.
    watched = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await once(watched, 'spawn');
  });

  /** A reaper of the containers labelled `label`, on the fake Docker API, watching `watched`. */
  const reaperFor = (label: string) =>
    startContainerReaper({
      endpoint: { socketPath: join(dir, 'docker.sock') },
      label,
      watchedPid: watched.pid,
      intervalMs: 50,
    });

  afterEach(async () => {
    reaper?.stop();
    watched.kill('SIGKILL');
    docker.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('removes the labelled containers with their volumes once the watched process is killed, then exits', async () => {
    reaper = reaperFor('accounts.test-run=run-1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(docker.requests).toEqual([]);

    watched.kill('SIGKILL');
    await until(() => docker.requests.length === 3);
    expect(docker.requests).toEqual([
      'GET /containers/json?all=1&filters={"label":["accounts.test-run=run-1"]}',
      'DELETE /containers/c0ffee?force=true&v=true',
      'DELETE /containers/decade?force=true&v=true',
    ]);
    await until(() => !alive(reaper?.pid));
  });

  it('leaves the containers alone once stopped', async () => {
    reaper = reaperFor('accounts.test-run=run-2');
    reaper.stop();
    await until(() => !alive(reaper?.pid));
    watched.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(docker.requests).toEqual([]);
  });
});
