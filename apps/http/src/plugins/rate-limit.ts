import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Units of the client's route-protection budget one request spends (default 1). */
    rateWeight?: number;
  }
}

/** A client's count in its route-protection window and the milliseconds left of it. */
export type CounterState = { current: number; ttl: number };

/**
 * A fixed-window counter per key that adds `weight` at once. One key per client, so every route
 * spends the same budget; heavier routes spend more of it. An in-process counter answers at once;
 * a shared one (Redis) with a promise.
 */
export interface WeightedCounter {
  increment(key: string, weight: number, windowMs: number): CounterState | Promise<CounterState>;
}

/** IPv6 clients are counted per /64, the block one subscriber usually gets. */
const IPV6_CLIENT_PREFIX = 64;

/**
 * The client a request comes from: its address (from the forwarding headers as far as
 * TRUST_PROXY trusts them), normalized by @fastify/rate-limit's own `normalizeIP` (an IPv6 one as
 * its /64, an IPv4-mapped one as the IPv4 address). Route protection keeps one budget per client
 * key; the failure limit counts per account and client key.
 */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip, IPV6_CLIENT_PREFIX);
}

/**
 * Route config for a route that spends `weight` units: `rateLimit: {}` makes @fastify/rate-limit
 * ask the store for a child for this route, and the child reads `rateWeight` from the route's
 * config (README: "Custom store", routeInfo).
 */
export function rateWeight(weight: number) {
  return { rateLimit: {}, rateWeight: weight };
}

/** What @fastify/rate-limit hands a store's `child`: the route's options, its route as `routeInfo`. */
type ChildOptions = { routeInfo?: { config?: { rateWeight?: unknown } } };

/**
 * @fastify/rate-limit's documented custom store: every route's child shares the counter (and the
 * plugin's key, the client), so a client has one budget, and adds its route's weight instead of 1.
 */
function weightedStore(counter: WeightedCounter) {
  return class WeightedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly weight = 1,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: CounterState) => void, timeWindow: number) {
      let counted: CounterState | Promise<CounterState>;
      try {
        counted = counter.increment(key, this.weight, timeWindow);
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (counted instanceof Promise) {
        counted.then(
          (state) => callback(null, state),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      } else {
        callback(null, counted);
      }
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const weight = (routeOptions as ChildOptions).routeInfo?.config?.rateWeight;
      return new WeightedStore(undefined, typeof weight === 'number' ? weight : 1);
    }
  };
}

export type RateLimitSettings = { max: number; windowMs: number; counter: WeightedCounter };

/**
 * Route protection with @fastify/rate-limit for every route registered after it in `app`'s scope:
 * its key is the client (clientKey), its store the weighted counter (in process, or Redis shared
 * by every instance), its headers and 429 in the service's error body. A store that fails (Redis
 * down) lets the request through uncounted (`skipOnError`).
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings) {
  await app.register(rateLimit, {
    global: true,
    max: settings.max,
    timeWindow: settings.windowMs,
    hook: 'onRequest',
    keyGenerator: clientKey,
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
