import { FakeTotp } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logging.js';
import { createTestApp } from './support.js';

describe('logs', () => {
  it('hold a request id on every request line and no password, code, secret, QR code or token', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'trace',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const t = await createTestApp({ logger });
    const password = 'Sup3r-Secret-Passw0rd';
    const user = t.addUser({ passwordHash: `fake-hash:${password}` });
    t.addEntitlement(user.id, { billingSubscriptionId: 'sub_1', billingCustomerId: 'cus_1' });
    t.ports.billing.customers.set('cus_1', 'found');
    const headers = t.auth(user.id);
    const token = headers.authorization.slice('Bearer '.length);
    const secrets: string[] = [password, token];

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa',
      headers,
      payload: { enable: true },
    });
    const { secret, qrCode } = setup.json<{ secret: string; qrCode: string }>();
    secrets.push(secret, qrCode.slice('data:image/png;base64,'.length, 60));
    const code1 = FakeTotp.codeAt(secret, t.ports.clock.now());
    secrets.push(code1);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa',
      headers,
      payload: { enable: true, secret, verificationCode: code1 },
    });
    const { backupCodes } = confirm.json<{ backupCodes: string[] }>();
    secrets.push(...backupCodes);

    await t.app.inject({
      method: 'POST',
      url: '/api/user/custom-domain',
      headers,
      payload: { domain: 'shop.example.com' },
    });
    await t.app.inject({ method: 'GET', url: '/api/billing/portal', headers });
    // A replayed code, a wrong password, a body that is not JSON and one with a wrong type.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers,
      payload: { password, verificationCode: code1 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers,
      payload: { password: `${password}-wrong`, verificationCode: code1 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/ban-account',
      headers: { ...headers, 'content-type': 'application/json', cookie: `session=${password}` },
      payload: `{"password":"${password}"`,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa',
      headers,
      payload: { enable: password, verificationCode: password },
    });
    // 2FA off with a backup code, then disable and delete with the password.
    const backup = backupCodes[0] ?? '';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa',
      headers,
      payload: { enable: false, verificationCode: backup },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/disable-account', headers, payload: { password } });
    await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/disable-account',
      headers,
      payload: { password },
    });
    // An unexpected failure is logged with its detail and the request id.
    t.ports.entitlements.findMetadataWithAccountFlags = () => Promise.reject(new Error('database exploded'));
    const failed = await t.app.inject({ method: 'GET', url: '/api/user/custom-domain', headers });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      headers,
      payload: { password },
    });
    expect(deleted.statusCode).toBe(200);

    const log = lines.join('');
    for (const value of secrets) expect(log).not.toContain(value);
    expect(log.toLowerCase()).not.toContain('bearer');
    expect(log).not.toContain('session=');

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // One line per request (13 above), each with its request id, route and status.
    const requestLines = entries.filter((entry) => entry.msg === 'request completed');
    expect(requestLines).toHaveLength(13);
    for (const entry of requestLines) {
      expect([typeof entry.reqId, typeof entry.route, typeof entry.statusCode]).toEqual([
        'string',
        'string',
        'number',
      ]);
    }
    expect(requestLines.at(-1)).toMatchObject({ route: '/api/auth/delete-account', statusCode: 200 });
    const unexpected = entries.find((entry) => entry.msg === 'Unexpected error');
    expect(unexpected).toMatchObject({ level: 50, reqId: failed.headers['x-request-id'] });
    expect(JSON.stringify(unexpected)).toContain('database exploded');
  });

  it('log a request refused by a database outage as one line without a stack: request id, route, 500', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const t = await createTestApp({ logger });
    const user = t.addUser();
    // What the adapters' pool throws once the server is known to be silent (server-reachability.ts).
    const outage = Object.assign(
      new Error('The database server is not answering', { cause: new Error('Query read timeout') }),
      {
        name: 'DatabaseUnreachableError',
      },
    );
    t.ports.entitlements.findMetadataWithAccountFlags = () => Promise.reject(outage);
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      headers: t.auth(user.id),
    });
    expect(failed.statusCode).toBe(500);

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const errors = entries.filter((entry) => (entry.level as number) >= 50);
    expect(errors).toEqual([
      {
        level: 50,
        time: expect.any(Number) as unknown,
        service: 'account-service',
        reqId: failed.headers['x-request-id'],
        statusCode: 500,
        route: '/api/user/custom-domain',
        msg: 'database unreachable',
      },
    ]);
    expect(lines.join('')).not.toContain('Query read timeout');
    expect(lines.join('')).not.toContain('stack');
  });
});
