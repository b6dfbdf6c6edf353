import { PasswordChecksBusy } from '@accounts/application';
import { describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD } from './support.js';

describe('password checks past what the service runs at once', () => {
  it('answers 503 SERVICE_BUSY with Retry-After, counts no failure and changes nothing', async () => {
    const t = await createTestApp();
    const user = t.addUser({ disabled: true });
    const verify = t.ports.hasher.verify.bind(t.ports.hasher);
    t.ports.hasher.verify = () => Promise.reject(new PasswordChecksBusy(1));

    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/disable-account',
      headers: t.auth(user.id),
      payload: { password: `${PASSWORD}-wrong` },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'SERVICE_BUSY',
      message: 'The service is busy, retry in 1 seconds',
    });
    const after = await t.ports.users.findById(user.id);
    expect(after).toMatchObject({ disabled: true });
    // The reserved attempt was given back: no failure counted, for the account or any client.
    expect(t.ports.db.accountFailures.get(user.id)?.counter.failures ?? 0).toBe(0);
    expect([...t.ports.db.clientFailures.values()].filter((counter) => counter.failures > 0)).toEqual([]);

    t.ports.hasher.verify = verify;
    const enabled = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/disable-account',
      headers: t.auth(user.id),
      payload: { password: PASSWORD },
    });
    expect(enabled.statusCode).toBe(200);
  });

  it('is listed in the description of every API operation that checks a password, and only there', async () => {
    const t = await createTestApp();
    type ErrorResponse = { allOf?: { properties?: { code?: { enum?: string[] } } }[] };
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    }>();
    // Every API operation can answer 503 KEYS_UNAVAILABLE (a key set not read yet): SERVICE_BUSY is the point here.
    const codes503 = (response: unknown) =>
      (
        (response as { content?: Record<string, { schema?: ErrorResponse }> } | undefined)?.content?.[
          'application/json'
        ]?.schema?.allOf ?? []
      ).flatMap((part) => part.properties?.code?.enum ?? []);
    const busy = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([, methods]) => Object.values(methods))
      .filter((operation) => codes503(operation.responses['503']).includes('SERVICE_BUSY'))
      .map((operation) => operation.operationId)
      .sort();
    expect(busy).toEqual([
      'banAccount',
      'deleteAccount',
      'disableAccount',
      'enableAccount',
      'registerPasskey',
      'removePasskey',
      'revokeOtherSessions',
      'revokeSession',
      'unbanAccount',
    ]);
  });
});
