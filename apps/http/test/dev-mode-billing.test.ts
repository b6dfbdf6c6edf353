import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_BILLING_CUSTOMER_ID, startDevBillingServer } from '@accounts/adapters';
import { createPgliteTestDatabase, seedEntitlement, seedUser } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { mintToken } from '../src/tokens.js';
import { reusedSerializers } from './reused-serializers.js';

// Dev mode answers the demo user's billing portal with a real 307: it starts a loopback stand-in
// for the billing provider and points the billing settings at it; outside dev mode it never does.
const CHEAP = { LOG_LEVEL: 'silent', ARGON2_MEMORY_COST: '1024', ARGON2_TIME_COST: '1' };

describe('dev mode billing', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'accounts-dev-billing-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('redirects the demo user to the stand-in portal, and again after a delete and a restart', async () => {
    const database = await createPgliteTestDatabase();
    const start = () =>
      createService(loadConfig(CHEAP), {
        database: { ...database, close: () => Promise.resolve() },
        devJwtSecretFile: join(dir, 'dev-jwt-secret'),
        serializers: reusedSerializers,
      });
    const first = await start();
    try {
      const login = first.devLogin!;
      const headers = { authorization: `Bearer ${login.token}` };
      const portal = await first.app.inject({ method: 'GET', url: '/api/billing/portal', headers });
      expect(portal.statusCode).toBe(307);
      const location = String(portal.headers.location);
      expect(location).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/portal/${DEMO_BILLING_CUSTOMER_ID}$`),
      );
      const page = await fetch(location);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Billing portal stand-in');

      const deleted = await first.app.inject({
        method: 'POST',
        url: '/api/auth/delete-account',
        headers,
        payload: { password: login.password },
      });
      expect(deleted.json()).toEqual({ success: true, message: 'Account deleted successfully' });
      expect(
        (await first.app.inject({ method: 'GET', url: '/api/billing/portal', headers })).statusCode,
      ).toBe(404);
    } finally {
      await first.app.close();
    }

    const second = await start();
    try {
      const headers = { authorization: `Bearer ${second.devLogin!.token}` };
      const portal = await second.app.inject({ method: 'GET', url: '/api/billing/portal', headers });
      expect(portal.statusCode).toBe(307);
    } finally {
      await second.app.close();
      await database.close();
    }
  });

  it('is not started outside dev mode: with JWT_SECRET the portal needs a real billing token', async () => {
    const secret = 'a-jwt-secret-of-at-least-32-bytes-long!!';
    const database = await createPgliteTestDatabase();
    const service = await createService(loadConfig({ ...CHEAP, JWT_SECRET: secret }), { database });
    try {
      expect(service.devLogin).toBeNull();
      const user = await seedUser(database.db, {});
      await seedEntitlement(database.db, {
        userId: user.id,
        service: 'DROP',
        tier: 'enterprise',
        billingCustomerId: DEMO_BILLING_CUSTOMER_ID,
        billingSubscriptionId: null,
        metadata: null,
      });
      const token = mintToken({ secret, userId: user.id, expiresInSeconds: 60 });
      const portal = await service.app.inject({
        method: 'GET',
        url: '/api/billing/portal',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(portal.statusCode).toBe(500);
    } finally {
      await service.app.close();
    }
  });

  it('the stand-in refuses a request without its token, and knows only its customers', async () => {
    const standIn = await startDevBillingServer();
    try {
      const customer = (id: string, token = standIn.accessToken) =>
        fetch(`${standIn.apiUrl}/v1/customers/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await customer(DEMO_BILLING_CUSTOMER_ID)).status).toBe(200);
      expect((await customer('cus_other')).status).toBe(404);
      expect((await customer(DEMO_BILLING_CUSTOMER_ID, 'wrong')).status).toBe(401);
      expect(new URL(standIn.apiUrl).hostname).toBe('127.0.0.1');
    } finally {
      await standIn.close();
    }
  });
});
