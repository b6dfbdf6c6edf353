import type { Logger } from '@accounts/application';

/** A key's count in its window and the milliseconds left of it (what a rate-limit store answers). */
export type CounterState = { current: number; ttl: number };

/** The part of an ioredis client the counter uses. */
export interface RedisEvaluator {
  eval(script: string, numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** INCRBY and the window's expiry in one atomic script; shared by every instance. */
export const WEIGHTED_INCREMENT_SCRIPT = `
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}
`;

export type RedisWeightedCounterOptions = {
  /** Prepended to every client key. */
  prefix?: string;
  /** Told once when Redis stops counting, and once when it counts again. */
  logger?: Logger;
};

/**
 * An outage of the store logged once when it begins (not per request, nor per reconnection
 * attempt) and once when the store answers again.
 */
export class StoreOutageLog {
  private down = false;

  constructor(private readonly logger: Logger | undefined) {}

  failed(reason: string): void {
    if (this.down) return;
    this.down = true;
    this.logger?.warn(
      { reason },
      'Rate-limit store unavailable: requests are let through uncounted until it is back',
    );
  }

  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger?.info({}, 'Rate-limit store available again: requests are counted');
  }
}

/**
 * Route protection's fixed-window counter in Redis, shared by every instance: adds a request's
 * weight to its client's window at once. When Redis cannot count, the increment is rejected and
 * route protection lets the request through uncounted (fail-open); the outage is logged once.
 */
export class RedisWeightedCounter {
  private readonly prefix: string;
  private readonly outage: StoreOutageLog;

  constructor(
    private readonly redis: RedisEvaluator,
    options: RedisWeightedCounterOptions & { outage?: StoreOutageLog } = {},
  ) {
    this.prefix = options.prefix ?? 'accounts:rate-limit:';
    this.outage = options.outage ?? new StoreOutageLog(options.logger);
  }

  async increment(key: string, weight: number, windowMs: number): Promise<CounterState> {
    try {
      const reply = await this.redis.eval(WEIGHTED_INCREMENT_SCRIPT, 1, this.prefix + key, weight, windowMs);
      if (!Array.isArray(reply) || reply.length !== 2) {
        throw new Error('Unexpected rate-limit reply from Redis');
      }
      this.outage.recovered();
      return { current: Number(reply[0]), ttl: Number(reply[1]) };
    } catch (error) {
      this.outage.failed(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}

export type RedisCounterConnection = { counter: RedisWeightedCounter; close(): Promise<void> };

/**
 * REDIS_URL's counter. While Redis is away, increments fail at once (no offline queue, one retry)
 * rather than hold requests; connection errors are logged, never thrown at the process.
 */
export async function connectRedisWeightedCounter(
  url: string,
  options: RedisWeightedCounterOptions & { logger: Logger },
): Promise<RedisCounterConnection> {
  // Loaded only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // ioredis reports every failed reconnection attempt: one outage is logged once.
  const outage = new StoreOutageLog(options.logger);
  redis.on('error', (error: Error) => outage.failed(error.message));
  redis.on('ready', () => outage.recovered());
  return {
    counter: new RedisWeightedCounter(redis, { ...options, outage }),
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
