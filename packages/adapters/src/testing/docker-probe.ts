import { existsSync } from 'node:fs';
import { request } from 'node:http';

export type DockerEndpoint = { socketPath: string } | { host: string; port: number };

/** Where the Docker engine answers, from DOCKER_HOST or the usual socket, or null. */
export function dockerEndpoint(): DockerEndpoint | null {
  const configured = process.env.DOCKER_HOST;
  if (configured?.startsWith('unix://')) return { socketPath: configured.slice('unix://'.length) };
  if (configured?.startsWith('tcp://')) {
    const url = new URL(configured.replace(/^tcp:/, 'http:'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  return existsSync('/var/run/docker.sock') ? { socketPath: '/var/run/docker.sock' } : null;
}

/** True when a Docker engine answers `GET /_ping` within `timeoutMs`; never throws. */
export function dockerAvailable(timeoutMs = 1_000): Promise<boolean> {
  const endpoint = dockerEndpoint();
  if (!endpoint) return Promise.resolve(false);
  return new Promise((resolve) => {
    const ping = request({ ...endpoint, path: '/_ping', method: 'GET', timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    ping.on('timeout', () => ping.destroy(new Error('docker ping timed out')));
    ping.on('error', () => resolve(false));
    ping.end();
  });
}
