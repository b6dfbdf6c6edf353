import { createHmac, sign, type KeyObject } from 'node:crypto';
import { createUseCases, type UserAccount } from '@accounts/application';
import {
  aDropEntitlement,
  createTestPorts,
  InMemoryReplayRecord,
  seedEntitlement,
  seedUser,
  type TestPorts,
} from '@accounts/application/testing';
import { err, type Entitlement } from '@accounts/domain';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from '../src/app.js';
import type { HttpConfig } from '../src/config/service-config.js';
import { reusedSerializers } from './reused-serializers.js';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-bytes-long!';
export const PASSWORD = 'correct horse';

export function testConfig(overrides: Partial<HttpConfig> = {}): HttpConfig {
  return {
    jwt: {
      key: { kind: 'secret', secret: TEST_SECRET, algorithms: ['HS256'] },
      issuer: null,
      audience: null,
    },
    rateLimit: { max: 1000, windowMs: 60_000 },
    corsOrigins: null,
    trustProxy: false,
    appName: 'Account Service',
    requestTimeoutMs: 30_000,
    adminScope: 'accounts:admin',
    ...overrides,
  };
}

type Alg = 'HS256' | 'RS256' | 'ES256' | 'EdDSA' | 'none';

/** A JWT signed with node:crypto, so that tests can forge what a library would refuse to make. */
export function signJwt(
  claims: Record<string, unknown>,
  options: { alg?: Alg; key?: string | KeyObject; header?: Record<string, unknown> } = {},
): string {
  const alg = options.alg ?? 'HS256';
  const key = options.key ?? TEST_SECRET;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${encode({ alg, typ: 'JWT', ...options.header })}.${encode(claims)}`;
  let signature: string;
  switch (alg) {
    case 'none':
      signature = '';
      break;
    case 'HS256':
      signature = createHmac('sha256', key).update(data).digest('base64url');
      break;
    case 'RS256':
      signature = sign('sha256', Buffer.from(data), key).toString('base64url');
      break;
    case 'ES256':
      signature = sign('sha256', Buffer.from(data), {
        key: key as KeyObject,
        dsaEncoding: 'ieee-p1363',
      }).toString('base64url');
      break;
    case 'EdDSA':
      signature = sign(null, Buffer.from(data), key).toString('base64url');
      break;
  }
  return `${data}.${signature}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A valid HS256 token for the user, an hour long. */
export function tokenFor(userId: string, extra: Record<string, unknown> = {}): string {
  return signJwt({ sub: userId, iat: nowSeconds(), exp: nowSeconds() + 3600, ...extra });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type TestApp = {
  app: App;
  ports: TestPorts;
  addUser(overrides?: Partial<UserAccount>): UserAccount;
  addEntitlement(userId: string, overrides?: Partial<Entitlement>): Entitlement;
  auth(userId: string): { authorization: string };
};

/**
 * The back-channel logout route served (so that the description holds it), with a provider whose
 * every logout token fails its signature: idp-logout.test.ts tries the route behind a real one.
 */
function refusingProviderLogout(ports: TestPorts) {
  return {
    logoutTokens: { read: () => Promise.resolve(err({ type: 'BadSignature' as const })) },
    replay: new InMemoryReplayRecord(ports.clock),
    rules: { issuer: 'https://idp.example', audiences: ['web-app'], maxAgeSeconds: 300 },
  };
}

export async function createTestApp(
  options: { config?: Partial<HttpConfig>; logger?: FastifyBaseLogger; ping?: () => Promise<unknown> } = {},
): Promise<TestApp> {
  const ports = createTestPorts();
  const useCases = createUseCases(ports, { providerLogout: refusingProviderLogout(ports) });
  const app = await buildApp({
    useCases,
    config: testConfig(options.config),
    serializers: reusedSerializers,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.ping ? { ping: options.ping } : {}),
  });
  await app.ready();
  return {
    app,
    ports,
    addUser: (overrides = {}) => seedUser(ports.db, overrides),
    addEntitlement: (userId, overrides = {}) =>
      seedEntitlement(ports.db, aDropEntitlement(userId, overrides)),
    auth: (userId) => bearer(tokenFor(userId)),
  };
}
