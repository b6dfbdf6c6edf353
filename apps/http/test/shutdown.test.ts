import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { createTestDatabase, seedEntitlement, seedUser } from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { createService } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { InFlight } from '../src/in-flight.js';
import { createLogger } from '../src/observability/logging.js';
import { mintToken } from '../src/tokens.js';
import { TEST_ARGON2 } from './real-service.js';

const JWT_SECRET = 'shutdown-test-secret-with-at-least-32-bytes';
const PASSWORD = 'a long and real password';

describe('InFlight', () => {
  it('is idle at once when nothing runs, and once the last execution ends otherwise', async () => {
    const inFlight = new InFlight();
    await inFlight.idle(1_000);
    let finish: () => void = () => undefined;
    const running = inFlight.run(() => new Promise<void>((resolve) => (finish = resolve)));
    let idle = false;
    const waiting = inFlight.idle(10_000).then(() => (idle = true));
    // Every callback already due has run (a macrotask later): still running, so not idle.
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    finish();
    await running;
    await waiting;
    expect(idle).toBe(true);
  });

  it('stops waiting after the timeout', async () => {
    const inFlight = new InFlight();
    void inFlight.run(() => new Promise(() => undefined));
    const started = performance.now();
    await inFlight.idle(50); // the work never ends: only the timeout can end the wait
    expect(performance.now() - started).toBeGreaterThanOrEqual(49);
  });
});

describe('shutdown', () => {
  it('finishes a use case whose client went away before it closes the database', async () => {
    // The billing provider holds the cancellation a while: the use case is then mid-way, with its
    // audit record and the deletion still to write.
    let cancellationReceived: () => void = () => undefined;
    const inCancellation = new Promise<void>((resolve) => (cancellationReceived = resolve));
    const billing = createServer((_request, response) => {
      cancellationReceived();
      setTimeout(() => response.writeHead(200).end('{}'), 300);
    });
    await new Promise<void>((resolve) => billing.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const config = loadConfig({
      DATABASE_URL: 'pglite://memory',
      JWT_SECRET,
      BILLING_ACCESS_TOKEN: 'polar_test_token',
      BILLING_API_URL: `http://127.0.0.1:${(billing.address() as AddressInfo).port}`,
      BILLING_TIMEOUT_MS: '2000',
    });
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(line) },
    });
    // The run's migrated database, copied (migrating anew costs seconds on a loaded machine); a
    // cheap hash, since a check costs what the stored hash says.
    const service = await createService(config, { logger, database: await createTestDatabase() });
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
    const { id } = await seedUser(service.database.db, { email: 'leaving@example.com', passwordHash });
    await seedEntitlement(
      service.database.db,
      aDropEntitlement(id, { tier: 'pro', billingSubscriptionId: 'sub_1' }),
    );
    const base = await service.app.listen({ host: '127.0.0.1', port: 0 });

    const client = new AbortController();
    const request = fetch(`${base}/api/auth/delete-account`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mintToken({ secret: JWT_SECRET, userId: id, expiresInSeconds: 60 })}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ password: PASSWORD }),
      signal: client.signal,
    }).catch(() => 'aborted');
    await inCancellation;
    client.abort();
    expect(await request).toBe('aborted');
    await service.app.close();
    billing.close();

    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(entries.map((entry) => entry.msg)).toContain('Account deleted');
  });
});
