import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Argon2PasswordHasher, createTransactionalPorts } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { FixedClock } from '@accounts/application/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../src/composition-root.js';
import { startRealService, TEST_ARGON2, totpCode, type RealService } from './real-service.js';
import { seedSignedInUser } from './signed-in-user.js';

// GET /api/user/export (decisions.md, "Operator API and own-data export") on the real adapters.
const PASSWORD = 'a long and real password';
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const START = new Date('2026-03-01T12:00:00Z');
const stepAt = (at: Date) => Math.floor(at.getTime() / 30_000);

/**
 * The events the bounded-memory test seeds, and the growth of the live heap (after a full
 * collection) it allows while they stream: the export is about 16 MB of text; read page by page
 * the live heap grew by under 2 MB (PGlite and PostgreSQL); every event held at once is far more.
 */
const MANY_EVENTS = 100_000;
const HEAP_BOUND_BYTES = 8 * 1024 * 1024;

type Export = {
  exportedAt: string;
  account: Record<string, unknown>;
  entitlements: Record<string, unknown>[];
  passkeys: unknown[];
  domainVerification: Record<string, unknown> | null;
  signInFailures: Record<string, unknown>[];
  deliveries: Record<string, unknown>[];
  securityEvents: { id: string; event: string; details: Record<string, unknown>; createdAt: string }[];
};

describe.each(await testDatabaseTargets())('GET /api/user/export on $label', (target) => {
  const clock = new FixedClock(START);
  let service: Service;
  let base: string;
  let close: RealService['close'] | undefined;
  let passwordHash: string;

  beforeAll(async () => {
    ({ service, base, close } = await startRealService(target, {
      env: { RATE_LIMIT_MAX: '100000', AUTH_MAX_FAILURES: '1000' },
      clock,
    }));
    passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
  });
  afterAll(() => close?.());

  it('holds every record of the account, newest event first, and no hash, secret, backup code or key', async () => {
    const user = await seedSignedInUser({ service, base }, { passwordHash, displayName: 'Ada' });
    const db = service.database.db;
    await db
      .insertInto('service_access')
      .values({
        user_id: user.id,
        service: 'DROP',
        tier: 'enterprise',
        billing_customer_id: 'cus_export',
        billing_subscription_id: 'sub_export',
        metadata: JSON.stringify({ customDomain: 'files.example.com', customDomainVerified: false }) as never,
      })
      .execute();
    const confirmed = await user.call('POST', '/api/auth/2fa', {
      enable: true,
      secret: SECRET,
      verificationCode: totpCode(SECRET, stepAt(clock.now())),
    });
    expect(confirmed.status).toBe(200);
    const backupCodes = confirmed.body.backupCodes as string[];
    expect(
      (await user.call('POST', '/api/user/custom-domain', { domain: 'docs.example.com' })).status,
    ).toBeLessThan(300);

    await db
      .insertInto('passkeys')
      .values({
        id: 'passkey-export',
        user_id: user.id,
        credential_id: 'credential-export',
        public_key: 'public-key-never-exported',
        counter: 3,
        name: 'Laptop',
      })
      .execute();

    const response = await user.send('GET', '/api/user/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="account-export.json"');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    const exported = JSON.parse(text) as Export;

    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(exported.account).toEqual({
      id: user.id,
      email: user.email,
      displayName: 'Ada',
      twoFactorEnabled: true,
      disabled: false,
      banned: false,
      createdAt: row.created_at.toISOString(),
    });
    expect(exported.entitlements).toEqual([
      {
        service: 'DROP',
        tier: 'enterprise',
        billingCustomerId: 'cus_export',
        billingSubscriptionId: 'sub_export',
        customDomain: 'docs.example.com',
        customDomainVerified: false,
      },
    ]);
    expect(exported.passkeys).toEqual([
      { id: 'passkey-export', name: 'Laptop', createdAt: expect.any(String) as unknown, lastUsedAt: null },
    ]);
    expect(text).not.toContain('public-key-never-exported');
    expect(text).not.toContain('credential-export');
    expect(Date.parse(exported.exportedAt)).not.toBeNaN();

    // Every audit record of the account, newest first.
    const audit = await db
      .selectFrom('audit_logs')
      .select(['id', 'event'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(exported.securityEvents.map((event) => [event.id, event.event])).toEqual(
      audit.map((record) => [String(record.id), record.event]),
    );

    // No secret, in any form the database or the user has it.
    const storedCodes = await db
      .selectFrom('backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(storedCodes).toHaveLength(10);
    const secrets = [
      passwordHash,
      SECRET,
      row.two_factor_secret!,
      ...backupCodes,
      ...backupCodes.map((code) => code.replace('-', '')),
      ...storedCodes.map((code) => code.code_hash),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const key of [
      'passwordHash',
      'password_hash',
      'twoFactorSecret',
      'codeHash',
      'publicKey',
      'challenge',
    ]) {
      // As a key: the verification's record name (`_accounts-challenge.<domain>`) is data, not a challenge.
      expect(text).not.toContain(`"${key}"`);
    }
  });

  it('holds the domain verification, the failure counts with the client address, and the queued deliveries, without a signature or access token', async () => {
    const user = await seedSignedInUser({ service, base }, { passwordHash });
    const db = service.database.db;
    const empty = JSON.parse(await (await user.send('GET', '/api/user/export')).text()) as Export;
    expect(empty).toMatchObject({ domainVerification: null, signInFailures: [], deliveries: [] });

    await db
      .insertInto('service_access')
      .values({ user_id: user.id, service: 'DROP', tier: 'enterprise', billing_subscription_id: 'sub_kept' })
      .execute();
    expect((await user.call('POST', '/api/user/custom-domain', { domain: 'kept.example.com' })).status).toBe(
      200,
    );
    const verification = await user.call('GET', '/api/user/custom-domain/verification');
    // Two wrong passwords from this client: counted for it and for the account.
    for (let i = 0; i < 2; i++) {
      expect(
        (await user.call('POST', '/api/auth/disable-account', { password: 'wrong password' })).status,
      ).toBe(401);
    }
    const outbox = createTransactionalPorts(db).outbox;
    await outbox.enqueue({
      kind: 'webhook',
      userId: user.id,
      payload: { type: 'user.disabled', timestamp: START.toISOString(), data: { userId: user.id } },
    });
    await outbox.enqueue({
      kind: 'billing.cancel',
      userId: user.id,
      payload: { subscriptionId: 'sub_kept', mode: 'immediately' },
    });
    const other = await seedSignedInUser({ service, base }, { passwordHash });
    await outbox.enqueue({
      kind: 'webhook',
      userId: other.id,
      payload: { type: 'user.banned', timestamp: START.toISOString(), data: { userId: other.id } },
    });

    const text = await (await user.send('GET', '/api/user/export')).text();
    const exported = JSON.parse(text) as Export;
    expect(exported.domainVerification).toEqual({
      domain: 'kept.example.com',
      status: 'pending',
      recordName: verification.body.recordName,
      recordValue: verification.body.recordValue,
      checkedAt: null,
      verifiedAt: null,
    });
    expect(exported.signInFailures).toEqual([
      { client: null, failures: 2, lockedUntil: null },
      { client: '127.0.0.1', failures: 2, lockedUntil: null },
    ]);
    expect(exported.deliveries).toEqual([
      {
        kind: 'webhook',
        status: 'pending',
        createdAt: expect.any(String) as unknown,
        data: { type: 'user.disabled', data: { userId: user.id } },
      },
      {
        kind: 'billing.cancel',
        status: 'pending',
        createdAt: expect.any(String) as unknown,
        data: { subscriptionId: 'sub_kept' },
      },
    ]);
    for (const absent of ['polar_test_token', 'signature', 'accessToken', other.id]) {
      expect(text).not.toContain(absent);
    }
  });

  it('answers 401 without a token and for a disabled account, like every other read', async () => {
    expect((await fetch(`${base}/api/user/export`)).status).toBe(401);
    const user = await seedSignedInUser({ service, base }, { passwordHash, disabled: true });
    expect(await user.call('GET', '/api/user/export')).toMatchObject({
      status: 401,
      body: { code: 'ACCOUNT_DISABLED' },
    });
  });

  it(`streams ${MANY_EVENTS} events with the heap growing by less than ${HEAP_BOUND_BYTES / 1024 / 1024} MiB`, async () => {
    const user = await seedSignedInUser({ service, base }, { passwordHash });
    const db = service.database.db;
    // INSERT … SELECT generate_series, in batches that each stay well within the statement bound
    // (the server's, and the pool's on the client side).
    const BATCH = 10_000;
    for (let from = 1; from <= MANY_EVENTS; from += BATCH) {
      await sql`
        insert into audit_logs (user_id, event, details, created_at)
        select ${user.id}, 'USER_UPDATE',
               jsonb_build_object('action', 'account_enabled', 'actorId', 'operator-1', 'reason', 'ticket ' || n),
               timestamptz '2026-01-01T00:00:00Z' + n * interval '1 second'
        from generate_series(${from}::int, ${Math.min(from + BATCH - 1, MANY_EVENTS)}::int) as n
      `.execute(db);
    }
    // What autovacuum does on a server after such a load (the embedded database has none): with
    // row counts known, each page is read in index order instead of sorted from all the rows.
    await sql`analyze audit_logs`.execute(db);

    const directory = await mkdtemp(join(tmpdir(), 'account-export-'));
    const file = join(directory, 'export.json');
    try {
      // Live memory, not garbage: a full collection before each reading (V8's gc(), exposed for
      // this test only), so the reading does not depend on when V8 would have collected.
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const liveHeap = () => {
        gc();
        return process.memoryUsage().heapUsed;
      };
      const baseline = liveHeap();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, liveHeap());
      }, 1000);
      const response = await user.send('GET', '/api/user/export');
      expect(response.status).toBe(200);
      // The body goes to a file as it arrives: the test holds none of it.
      await pipeline(Readable.fromWeb(response.body! as never), createWriteStream(file));
      clearInterval(sampler);
      expect(peak - baseline).toBeLessThan(HEAP_BOUND_BYTES);

      const exported = JSON.parse(await readFile(file, 'utf8')) as Export;
      expect(exported.securityEvents).toHaveLength(MANY_EVENTS);
      expect(exported.securityEvents[0]?.details.reason).toBe(`ticket ${MANY_EVENTS}`);
      expect(exported.securityEvents.at(-1)?.details.reason).toBe('ticket 1');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 300_000);
});
