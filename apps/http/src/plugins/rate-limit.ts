import { isIPv6 } from 'node:net';
import type { CounterState } from '@accounts/application';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Address6 } from 'ip-address';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Units of the client's route-protection budget one request spends (default 1). */
    rateWeight?: number;
  }
}

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
 * TRUST_PROXY trusts them), an IPv6 one as its /64 and an IPv4-mapped one as the IPv4 address,
 * as @fastify/rate-limit (which route protection replaced) grouped them. Route
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
  return { rateWeight: weight };
}

export type RateLimitSettings = { max: number; windowMs: number; counter: WeightedCounter };

/**
 * Route protection for every route of `app`'s scope, as one onRequest hook: the client's key (its
 * address, `TRUST_PROXY` deciding which), the route's weight added to its window, the rate-limit
 * headers, and a 429 with Retry-After past the budget. A counter that fails (Redis down) lets the
 * request through uncounted. It replaces @fastify/rate-limit, keeping its headers, key and
 * fail-open behaviour, without the plugin's two promises and option lookups per request: with the
 * in-process counter nothing here waits.
 */
export function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings) {
  const { max, windowMs, counter } = settings;
  const limit = String(max);

  const answer = (reply: FastifyReply, state: CounterState, done: HookHandlerDoneFunction) => {
    const seconds = Math.ceil(state.ttl / 1000);
    const exceeded = state.current > max;
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', exceeded ? '0' : String(max - state.current));
    reply.header('x-ratelimit-reset', String(seconds));
    if (!exceeded) {
      done();
      return;
    }
    const retryAfter = Math.max(1, seconds);
    done(
      new HttpError(
        429,
        HTTP_ERROR_CODES.rateLimited,
        `Rate limit exceeded, retry in ${retryAfter} seconds`,
        retryAfter,
      ),
    );
  };
  const uncounted: CounterState = { current: 0, ttl: 0 };

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const weight = request.routeOptions.config.rateWeight ?? 1;
    let state: CounterState | Promise<CounterState>;
    try {
      state = counter.increment(clientKey(request), weight, windowMs);
    } catch {
      answer(reply, uncounted, done);
      return;
    }
    if (state instanceof Promise) {
      state.then(
        (counted) => answer(reply, counted, done),
        () => answer(reply, uncounted, done),
      );
    } else {
      answer(reply, state, done);
    }
  });
}
