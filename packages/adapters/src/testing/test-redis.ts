import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

export type TestRedis = {
  url: string;
  /** A connection that gives up on a command after one retry. */
  redis: Redis;
  /** Closes the connection and stops the server it started, if any. */
  close: () => Promise<void>;
};

/** Whether the Redis tests can run: REDIS_URL is set, or redis-server is installed. */
export function testRedisAvailable(): boolean {
  return Boolean(process.env.REDIS_URL) || spawnSync('redis-server', ['--version']).status === 0;
}

/**
 * The Redis at REDIS_URL when set; else a throw-away redis-server on a free port (no
 * persistence), once its port answers.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const given = process.env.REDIS_URL;
  const { url, server } = given ? { url: given, server: null } : await startRedisServer();
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  return {
    url,
    redis,
    close: async () => {
      await redis.quit();
      server?.kill();
    },
  };
}

const ATTEMPTS = 5;

/**
 * A redis-server on a port the system had free a moment before, once the port answers. One that
 * lost the port in between exits at once, and the next attempt takes another; one that neither
 * answers nor exits is stopped.
 */
async function startRedisServer(): Promise<{ url: string; server: ChildProcess }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = await freePort();
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const exited = new Promise<'exited'>((resolve) => server.once('exit', () => resolve('exited')));
    const url = `redis://127.0.0.1:${port}`;
    try {
      const outcome = await Promise.race([waitForPort(new URL(url)).then(() => 'answers' as const), exited]);
      if (outcome === 'answers') return { url, server };
    } catch (error) {
      server.kill();
      throw error;
    }
  }
  throw new Error(`redis-server exited at once on ${ATTEMPTS} ports`);
}

/** A port no one listens on at 127.0.0.1, as the system chose it for a listener closed at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(url: URL) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(url.port || 6379), url.hostname);
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      socket.unref();
    }).catch(() => false);
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Redis did not start at ${url.href}`);
}
