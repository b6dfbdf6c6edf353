import { testDatabaseTargets } from '@accounts/adapters/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logging.js';
import { PASSWORD, REAL_JWT_SECRET, realServiceSuite, UNTHROTTLED } from './real-service.js';
import { seedSignedInUser, type SignedInUser } from './signed-in-user.js';
import { signJwt } from './support.js';

// Text with a NUL character anywhere in a body, a path parameter or a query (decisions.md,
// "Errors"): 400, never a 500, and no database error in the log.
// PostgreSQL stores no NUL in text or jsonb; these answered 500 with the request's data logged.
const NUL = '\u0000';

type Answer = { status: number; body: Record<string, unknown> };

describe.each(await testDatabaseTargets())('NUL characters on $label', (target) => {
  const lines: string[] = [];
  const real = realServiceSuite(target, {
    env: UNTHROTTLED,
    logger: createLogger({
      level: 'debug',
      destination: { write: (line: string) => void lines.push(line) },
    }),
  });
  let user: SignedInUser;

  beforeAll(async () => {
    user = await seedSignedInUser(real, { passwordHash: real.passwordHash });
  });

  const tokenWith = (claims: Record<string, unknown>) =>
    signJwt({ exp: Math.floor(Date.now() / 1000) + 600, ...claims }, { key: REAL_JWT_SECRET });
  const operator = () => tokenWith({ sub: 'operator-1', scope: 'accounts:admin' });

  async function call(token: string, method: string, path: string, body?: object): Promise<Answer> {
    const response = await fetch(`${real.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const refused = (where: string) => ({
    status: 400,
    body: {
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: `${where} must not contain a NUL character`,
    },
  });

  /** No line logged at error level, and none that quotes the database or the request's text. */
  function expectQuietLog(from: number) {
    const logged = lines.slice(from);
    expect(logged.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
    expect(logged.join('\n')).not.toMatch(/0x00|\\u0000|invalid byte sequence|unsupported Unicode/);
  }

  it('refuses a NUL in the bodies of the account, 2FA, domain, passkey and operator routes', async () => {
    const from = lines.length;
    const operatorToken = operator();
    const answers = [
      await user.call('POST', '/api/auth/disable-account', { password: `a${NUL}b` }),
      await user.call('POST', '/api/auth/2fa', {
        enable: true,
        secret: `AAAA${NUL}`,
        verificationCode: '123456',
      }),
      await user.call('POST', '/api/user/custom-domain', { domain: `shop${NUL}.example.com` }),
      await user.call('POST', '/api/auth/passkeys', { response: { id: `x${NUL}` }, name: `Laptop${NUL}` }),
      await call(operatorToken, 'POST', `/api/admin/users/${user.id}/disable`, { reason: `because${NUL}` }),
      await call(operatorToken, 'POST', `/api/admin/users/${user.id}/ban`, {
        reason: 'fine',
        [`x${NUL}`]: 1,
      }),
    ];
    for (const answer of answers) expect(answer).toEqual(refused('body'));
    expect((await user.call('GET', '/api/auth/passkeys')).body).toEqual({ passkeys: [] });
    expectQuietLog(from);
  });

  it('refuses a NUL in a path parameter or a query', async () => {
    const from = lines.length;
    const operatorToken = operator();
    expect(await call(operatorToken, 'GET', `/api/admin/users/${user.id}%00`)).toEqual(refused('params'));
    expect(await call(operatorToken, 'POST', '/api/admin/users/%00x/enable', { reason: 'fine' })).toEqual(
      refused('params'),
    );
    expect(await user.call('DELETE', '/api/auth/passkeys/ab%00cd', { password: PASSWORD })).toEqual(
      refused('params'),
    );
    expect(await call(operatorToken, 'GET', '/api/admin/users?email=a%00%40example.com')).toEqual(
      refused('querystring'),
    );
    expect(await user.call('GET', '/api/user/security-events?cursor=%00')).toEqual(refused('querystring'));
    expectQuietLog(from);
  });

  it('refuses a token whose subject holds a NUL as an invalid token', async () => {
    const from = lines.length;
    expect(await call(tokenWith({ sub: `${user.id}${NUL}` }), 'GET', '/api/auth/2fa')).toMatchObject({
      status: 401,
      body: { code: 'INVALID_TOKEN' },
    });
    expectQuietLog(from);
  });

  it('still takes text without a NUL on the same routes', async () => {
    expect(
      (await call(operator(), 'GET', `/api/admin/users?email=${encodeURIComponent(user.email)}`)).status,
    ).toBe(200);
    expect((await call(operator(), 'GET', `/api/admin/users/${user.id}`)).status).toBe(200);
  });
});
