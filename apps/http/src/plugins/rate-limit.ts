import { isIPv6 } from 'node:net';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Address6 } from 'ip-address';
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

type ChildOptions = { routeInfo?: { config?: { rateWeight?: number } } };

/**
 * @fastify/rate-limit counts one per request; this store adds the route's weight instead. The
 * plugin makes a child store for each route that has a `rateLimit` config and hands it the route
 * (routeInfo), so the child reads `rateWeight` from the route's config. All children share the
 * parent's counter and the plugin's key (the client address): one budget per client.
 */
function weightedStore(counter: WeightedCounter) {
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

/** IPv6 clients are counted per /64, the block one subscriber usually gets. */
const IPV6_CLIENT_PREFIX = 64;

/**
 * The client a request comes from: its address (from the forwarding headers as far as
 * TRUST_PROXY trusts them), an IPv6 one as its /64 and an IPv4-mapped one as the IPv4 address,
 * as @fastify/rate-limit's own key generator groups them, with the same library. Route
 * protection keeps one budget per client key; the failure limit counts per account and client key.
 */
export function clientKey(request: FastifyRequest): string {
  const ip = request.ip;
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${ip}/${IPV6_CLIENT_PREFIX}`).startAddress().correctForm();
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
    keyGenerator: clientKey,
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
