import type { Logger, ReplayRecord } from '@accounts/application';

/** The part of an ioredis client the record uses. */
export interface RedisSetter {
  set(key: string, value: string, expiry: 'EX', seconds: number, condition: 'NX'): Promise<'OK' | null>;
}

/**
 * The ReplayRecord in Redis (with `REDIS_URL`), shared by every instance: `SET key NX EX`, which
 * answers OK only to the first writer of a key until it expires. A Redis that cannot answer
 * rejects: the caller refuses the request.
 */
export class RedisReplayRecord implements ReplayRecord {
  constructor(
    private readonly redis: RedisSetter,
    private readonly prefix = 'accounts:used-id:',
  ) {}

  async firstUse(scope: string, id: string, ttlSeconds: number): Promise<boolean> {
    const reply = await this.redis.set(
      `${this.prefix}${scope}:${id}`,
      '1',
      'EX',
      Math.max(1, Math.ceil(ttlSeconds)),
      'NX',
    );
    return reply === 'OK';
  }
}

export type RedisReplayRecordConnection = { record: RedisReplayRecord; close(): Promise<void> };

/**
 * REDIS_URL's replay record. While Redis is away a use fails at once (no offline queue, one retry)
 * rather than hold the request; connection errors are logged once an outage, never thrown at the
 * process.
 */
export async function connectRedisReplayRecord(
  url: string,
  options: { logger: Logger; prefix?: string },
): Promise<RedisReplayRecordConnection> {
  // Loaded only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    options.logger.warn(
      { reason: error.message },
      'Used-id store unavailable: requests that need it are refused',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    options.logger.info({}, 'Used-id store available again');
  });
  return {
    record: new RedisReplayRecord(redis, options.prefix),
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
