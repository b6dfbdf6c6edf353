import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
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
 * The Redis at REDIS_URL when set; else a throw-away redis-server on a random port (no
 * persistence), once its port answers.
 */
export async function startTestRedis(): Promise<TestRedis> {
  let url = process.env.REDIS_URL;
  let server: ChildProcess | null = null;
  if (!url) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    url = `redis://127.0.0.1:${port}`;
  }
  const stop = () => {
    if (server?.pid) process.kill(server.pid);
  };
  try {
    await waitForPort(new URL(url));
  } catch (error) {
    stop();
    throw error;
  }
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  return {
    url,
    redis,
    close: async () => {
      await redis.quit();
      stop();
    },
  };
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
