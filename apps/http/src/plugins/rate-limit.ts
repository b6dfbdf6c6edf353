import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Units of the client's route-protection budget one request spends (default 1). */
    rateWeight?: number;
  }
}

export type CounterState = { current: number; ttl: number };

/**
 * A fixed-window counter per key that adds `weight` at once. One key per client, so every route
 * spends the same budget; heavier routes spend more of it.
 */
export interface WeightedCounter {
  increment(key: string, weight: number, windowMs: number): Promise<CounterState>;
}

/** In-process counter; bounded so that a flood of addresses cannot grow it without end. */
export class InMemoryWeightedCounter implements WeightedCounter {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  constructor(
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  increment(key: string, weight: number, windowMs: number): Promise<CounterState> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (window) this.windows.delete(key);
      this.makeRoom(now);
      window = { current: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.current += weight;
    return Promise.resolve({ current: window.current, ttl: window.endsAt - now });
  }

  private makeRoom(now: number) {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full: drop the oldest windows (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** The part of an ioredis client the Redis counter uses. */
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

export class RedisWeightedCounter implements WeightedCounter {
  constructor(
    private readonly redis: RedisEvaluator,
    private readonly prefix = 'accounts:rate-limit:',
  ) {}

  async increment(key: string, weight: number, windowMs: number): Promise<CounterState> {
    const reply = await this.redis.eval(WEIGHTED_INCREMENT_SCRIPT, 1, this.prefix + key, weight, windowMs);
    if (!Array.isArray(reply) || reply.length !== 2)
      throw new Error('Unexpected rate-limit reply from Redis');
    return { current: Number(reply[0]), ttl: Number(reply[1]) };
  }
}

type ChildOptions = { routeInfo?: { config?: { rateWeight?: number } } };

/**
 * @fastify/rate-limit counts one per request; this store adds the route's weight instead. The
 * plugin makes a child store for each route that has a `rateLimit` config and hands it the route
 * (routeInfo), so the child reads `rateWeight` from the route's config. All children share the
 * parent's counter and the plugin's key (the client address): one budget per client.
 */
export function weightedStore(counter: WeightedCounter) {
  class WeightedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      readonly weight = 1,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: CounterState) => void,
      timeWindow: number,
    ): void {
      counter.increment(key, this.weight, timeWindow).then(
        (state) => callback(null, state),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const weight = (routeOptions as ChildOptions).routeInfo?.config?.rateWeight ?? 1;
      return new WeightedStore(undefined, weight);
    }
  }
  return WeightedStore;
}

/** Route config for a route that spends `weight` units. */
export function rateWeight(weight: number) {
  return { rateLimit: {}, rateWeight: weight };
}

export type RateLimitSettings = { max: number; windowMs: number; counter: WeightedCounter };

/** Registers route protection for every route registered after it in this scope. */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings) {
  await app.register(rateLimit, {
    global: true,
    max: settings.max,
    timeWindow: settings.windowMs,
    hook: 'onRequest',
    // A store that cannot be reached (Redis down) lets requests through rather than failing them all.
    skipOnError: true,
    store: weightedStore(settings.counter),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(
        429,
        HTTP_ERROR_CODES.rateLimited,
        `Rate limit exceeded, retry in ${seconds} seconds`,
        seconds,
      );
    },
  });
}
