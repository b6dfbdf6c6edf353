import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Argon2PasswordHasher } from '@accounts/adapters';
import type { TestDatabaseTarget } from '@accounts/adapters/testing';
import type { Clock } from '@accounts/application';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createService, type Service } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { createLogger } from '../src/observability/logging.js';
import { reusedSerializers } from './reused-serializers.js';

/** A loopback stand-in for the billing provider's REST API. */
async function startBillingServer() {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const known = request.url === '/v1/customers/cus_1' || request.url?.startsWith('/v1/subscriptions/');
    response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** RFC 6238 TOTP (SHA1, 6 digits, 30 s), independent of the adapter under test. */
export function totpCode(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const hash = createHmac('sha1', key).update(message).digest();
  const offset = (hash[19] ?? 0) & 0xf;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export const REAL_JWT_SECRET = 'real-service-test-secret-with-at-least-32-bytes';
/** Cheap argon2 parameters: the tests are about behaviour, not hashing cost. */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export type RealService = {
  service: Service;
  /** The listening address, e.g. http://127.0.0.1:41234. */
  base: string;
  billing: Awaited<ReturnType<typeof startBillingServer>>;
  close: () => Promise<void>;
};

/**
 * The service through the composition root on a fresh database of `target` (one of
 * testDatabaseTargets()), listening on a port of its own, with a loopback billing provider,
 * encrypted secrets and cheap argon2; `env` adds or overrides variables.
 */
export async function startRealService(
  target: TestDatabaseTarget,
  options: { env?: Record<string, string>; logger?: Logger; clock?: Clock } = {},
): Promise<RealService> {
  const billing = await startBillingServer();
  const database = await target.create();
  const config = loadConfig({
    DATABASE_URL: database.url,
    JWT_SECRET: REAL_JWT_SECRET,
    BILLING_ACCESS_TOKEN: 'polar_test_token',
    BILLING_API_URL: billing.url,
    BILLING_TIMEOUT_MS: '2000',
    TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    ARGON2_MEMORY_COST: String(TEST_ARGON2.memoryCost),
    ARGON2_TIME_COST: String(TEST_ARGON2.timeCost),
    ...options.env,
  });
  const service = await createService(config, {
    logger: options.logger ?? createLogger({ level: 'silent' }),
    serializers: reusedSerializers,
    ...(options.clock ? { clock: options.clock } : {}),
    database,
  });
  const base = await service.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    service,
    base,
    billing,
    close: async () => {
      await service.app.close();
      await billing.close();
    },
  };
}

/** The password of the users a suite seeds with `realServiceSuite`'s `passwordHash`. */
export const PASSWORD = 'a long and real password';

/** Route protection no test reaches, for the suites that are not about it. */
export const UNTHROTTLED = { RATE_LIMIT_MAX: '100000', AUTH_MAX_FAILURES: '1000' };

/**
 * The real service (startRealService) of the tests in a `describe` block: started before them
 * with `options`, closed after them, with the hash of PASSWORD for the users they seed. Its
 * fields are there from the block's first hook on.
 */
export function realServiceSuite(
  target: TestDatabaseTarget,
  options: Parameters<typeof startRealService>[1] = {},
) {
  let running: (RealService & { passwordHash: string }) | undefined;
  beforeAll(async () => {
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
    running = { ...(await startRealService(target, options)), passwordHash };
  });
  afterAll(() => running?.close());
  const current = () => {
    if (!running) throw new Error('the real service starts in beforeAll: use it in a hook or a test');
    return running;
  };
  return {
    get service() {
      return current().service;
    },
    get base() {
      return current().base;
    },
    get billing() {
      return current().billing;
    },
    get passwordHash() {
      return current().passwordHash;
    },
  };
}

/** The audit records of `event` for `userId`. */
export const auditRecords = (db: Service['database']['db'], userId: string, event: string) =>
  db
    .selectFrom('audit_logs')
    .select(['event', 'details'])
    .where('user_id', '=', userId)
    .where('event', '=', event)
    .execute();
