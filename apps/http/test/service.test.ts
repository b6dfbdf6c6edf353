import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { seedEntitlement, seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import {
  REAL_JWT_SECRET,
  startRealService,
  TEST_ARGON2,
  type RealService,
  totpCode,
} from './real-service.js';
import { createLogger } from '../src/observability/logging.js';
import { mintToken } from '../src/tokens.js';

const PASSWORD = 'a long and real password';

/** The answers of the journey, loosely: each step reads the fields it expects. */
type Body = {
  qrCode?: string;
  secret?: string;
  twoFactorEnabled?: boolean;
  backupCodes?: string[];
  [key: string]: unknown;
};

const currentStep = () => Math.floor(Date.now() / 30_000);

describe.each(await testDatabaseTargets())('the service over a real socket on $label', (target) => {
  let service: Service;
  let base: string;
  let billing: RealService['billing'];
  let close: RealService['close'] | undefined;
  const log: string[] = [];

  beforeAll(async () => {
    ({ service, base, billing, close } = await startRealService(target, {
      env: { BILLING_PORTAL_URL: 'https://billing.example', LOG_LEVEL: 'debug' },
      logger: createLogger({ level: 'debug', destination: { write: (line: string) => void log.push(line) } }),
    }));
  });

  afterAll(() => close?.());

  it('runs a whole user journey', async () => {
    const db = service.database.db;
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
    const { id } = await seedUser(db, { email: 'journey@example.com', passwordHash });
    await seedEntitlement(
      db,
      aDropEntitlement(id, { billingCustomerId: 'cus_1', billingSubscriptionId: 'sub_1' }),
    );
    const token = mintToken({ secret: REAL_JWT_SECRET, userId: id, expiresInSeconds: 600 });
    const call = async (method: string, path: string, body?: object) => {
      const response = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${token}`,
          origin: 'https://app.example.com',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? (JSON.parse(text) as Body) : null,
      };
    };

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });

    const empty = await call('GET', '/api/user/custom-domain');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(empty.body).toEqual({ customDomain: null, customDomainVerified: false, hasCustomDomain: false });

    const setup = await call('POST', '/api/auth/2fa', { enable: true });
    expect(setup.status).toBe(200);
    expect(setup.body?.qrCode).toMatch(/^data:image\/png;base64,iVBOR/);
    const secret = setup.body?.secret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const step = currentStep();
    const confirm = await call('POST', '/api/auth/2fa', {
      enable: true,
      secret,
      verificationCode: totpCode(secret, step),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body?.twoFactorEnabled).toBe(true);
    const backupCodes = confirm.body?.backupCodes ?? [];
    expect(backupCodes).toHaveLength(10);

    const stored = await db
      .selectFrom('users')
      .select('two_factor_secret')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(stored?.two_factor_secret).toMatch(/^v1\./);

    const replay = await call('POST', '/api/auth/disable-account', {
      password: PASSWORD,
      verificationCode: totpCode(secret, step),
    });
    expect(replay.body).toMatchObject({ statusCode: 401, code: 'INVALID_TWO_FACTOR_CODE' });

    const domain = await call('POST', '/api/user/custom-domain', { domain: ' shop.example.com ' });
    expect(domain.body).toEqual({
      success: true,
      domain: 'shop.example.com',
      message: 'Domain connected successfully. Please configure your DNS settings.',
    });

    const portal = await call('GET', '/api/billing/portal');
    expect(portal.status).toBe(307);
    expect(portal.headers.get('location')).toBe('https://billing.example/portal/cus_1');

    const disabled = await call('POST', '/api/auth/disable-account', {
      password: PASSWORD,
      verificationCode: totpCode(secret, step + 1),
    });
    expect(disabled.body).toEqual({ success: true, message: 'Account disabled successfully' });
    expect(billing.requests).toContain('PATCH /v1/subscriptions/sub_1');
    expect((await call('GET', '/api/user/custom-domain')).body).toMatchObject({ code: 'ACCOUNT_DISABLED' });

    const enabled = await call('DELETE', '/api/auth/disable-account', {
      password: PASSWORD,
      verificationCode: backupCodes[0],
    });
    expect(enabled.body).toEqual({ success: true, message: 'Account enabled successfully' });

    const deleted = await call('POST', '/api/auth/delete-account', {
      password: PASSWORD,
      verificationCode: backupCodes[1]?.toUpperCase().replace('-', ''),
    });
    expect(deleted.body).toEqual({ success: true, message: 'Account deleted successfully' });
    expect(billing.requests).toContain('DELETE /v1/subscriptions/sub_1');
    expect(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('audit_logs').select('id').where('user_id', '=', id).execute()).toEqual([]);

    const gone = await call('POST', '/api/auth/2fa', { enable: true });
    expect(gone.body).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND', message: 'User not found' });

    const text = log.join('');
    for (const value of [PASSWORD, token, secret, ...backupCodes, 'polar_test_token'])
      expect(text).not.toContain(value);
  });
});

describe('dev mode', () => {
  it('seeds the demo user with an enterprise entitlement and hands out a working token and password', async () => {
    const { createPgliteTestDatabase } = await import('@accounts/adapters/testing');
    const config = loadConfig({ LOG_LEVEL: 'silent', ARGON2_MEMORY_COST: '1024', ARGON2_TIME_COST: '1' });
    expect(config.devMode).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'accounts-dev-'));
    const devJwtSecretFile = join(dir, 'dev-jwt-secret');
    const service = await createService(config, {
      database: await createPgliteTestDatabase(),
      devJwtSecretFile,
    });
    try {
      const login = service.devLogin;
      expect(login).toMatchObject({
        userId: 'demo-user',
        email: 'demo@example.com',
        secretFile: devJwtSecretFile,
      });
      const headers = { authorization: `Bearer ${login?.token ?? ''}` };
      const domain = await service.app.inject({
        method: 'POST',
        url: '/api/user/custom-domain',
        headers,
        payload: { domain: 'demo.example.com' },
      });
      expect(domain.statusCode).toBe(200);
      const disabled = await service.app.inject({
        method: 'POST',
        url: '/api/auth/disable-account',
        headers,
        payload: { password: login?.password },
      });
      expect(disabled.json()).toEqual({ success: true, message: 'Account disabled successfully' });
    } finally {
      await service.app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
