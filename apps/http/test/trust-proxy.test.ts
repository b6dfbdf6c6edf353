import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/load-config.js';
import type { WeightedCounter } from '../src/plugins/rate-limit.js';
import { testConfig } from './support.js';
import { reusedSerializers } from './reused-serializers.js';

/** The client address route protection counts for one request, with TRUST_PROXY as configured. */
async function clientKey(trustProxy: string, remoteAddress: string, forwardedFor?: string) {
  const keys: string[] = [];
  const counter: WeightedCounter = {
    increment: (key) => {
      keys.push(key);
      return Promise.resolve({ current: 1, ttl: 60_000 });
    },
  };
  const app = await buildApp({
    useCases: createUseCases(createTestPorts()),
    config: testConfig({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy }),
    rateLimitCounter: counter,
    serializers: reusedSerializers,
  });
  try {
    await app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      remoteAddress,
      ...(forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } }),
    });
  } finally {
    await app.close();
  }
  expect(keys).toHaveLength(1);
  return keys[0];
}

describe('TRUST_PROXY decides the client address of route protection', () => {
  it.each([
    // false (and a hop count of 0): the socket's peer, whatever the header says.
    ['false', '10.0.0.1', '6.6.6.6', '10.0.0.1'],
    ['0', '10.0.0.1', '6.6.6.6', '10.0.0.1'],
    // true: every hop is trusted, so the left-most entry, which any client can write.
    ['true', '10.0.0.1', '6.6.6.6, 1.1.1.1', '6.6.6.6'],
    ['true', '10.0.0.1', undefined, '10.0.0.1'],
    // A hop count: that many proxies in front; the entry the last of them added.
    ['1', '10.0.0.1', '6.6.6.6, 1.1.1.1', '1.1.1.1'],
    ['2', '10.0.0.1', '9.9.9.9, 6.6.6.6, 1.1.1.1', '6.6.6.6'],
    ['2', '10.0.0.1', '1.1.1.1', '1.1.1.1'],
    // Addresses and ranges: trusted proxies are skipped from the right, the first other one is the client.
    ['10.0.0.1', '10.0.0.1', '6.6.6.6, 1.1.1.1', '1.1.1.1'],
    ['10.0.0.1', '10.0.0.9', '1.1.1.1', '10.0.0.9'],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.1', '6.6.6.6, 10.2.2.2', '6.6.6.6'],
    ['10.0.0.0/8', '::ffff:10.0.0.1', '1.1.1.1', '1.1.1.1'],
    // IPv6 clients are counted per /64 (@fastify/rate-limit's grouping).
    ['fd00::/8', 'fd00::1', '2001:db8:0:5::1', '2001:db8:0:5::'],
    ['fd00::/8', '2001:db8:0:9::1', '2001:db8:0:5::1', '2001:db8:0:9::'],
  ])('TRUST_PROXY=%s, peer %s, X-Forwarded-For %s: %s', async (trustProxy, peer, forwardedFor, expected) => {
    expect(await clientKey(trustProxy, peer, forwardedFor)).toBe(expected);
  });
});
