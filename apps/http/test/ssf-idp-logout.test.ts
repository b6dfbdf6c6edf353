import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { seedUser, startTestKeyServer, testDatabaseTargets } from '@accounts/adapters/testing';
import { BACKCHANNEL_LOGOUT_EVENT } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { createService, loadSsf } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { startSsfReceiver } from './ssf-receiver.js';

// A sign-out at the identity provider (its back-channel logout, issue 54) reaches an SSF receiver
// as CAEP session-revoked with initiating_entity policy (decisions.md, "Security events for receivers").

const AUDIENCE = 'accounts';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const SSF_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

/** Waits for `check` to hold, looking every 20 ms, failing after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(await testDatabaseTargets())('the provider’s sign-out as an SSF event on $label', (target) => {
  it('sends session-revoked with initiating_entity policy and the fixed reason', async () => {
    const keyServer = await startTestKeyServer();
    keyServer.addKey('RS256');
    const env = {
      LOG_LEVEL: 'silent',
      OIDC_ISSUER: keyServer.issuer,
      JWT_AUDIENCE: AUDIENCE,
      OIDC_LOGOUT_AUDIENCE: 'web-app',
      SSF_SIGNING_KEYS: SSF_KEY,
      SSF_ALLOW_INSECURE_PUSH: 'true',
      PUBLIC_URL: 'https://accounts.example',
      DELIVERY_POLL_MS: '20',
    };
    const config = loadConfig(env);
    const database = await target.create();
    const service = await createService(config, { database, ssf: await loadSsf(env, config) });
    try {
      await service.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
      await eventually(
        async () => (await service.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      );
      const signed = (claims: Record<string, unknown>) =>
        keyServer.sign({
          iss: keyServer.issuer,
          aud: AUDIENCE,
          iat: nowSeconds(),
          exp: nowSeconds() + 600,
          ...claims,
        });
      const receiverToken = await signed({ sub: 'svc', client_id: 'rx-1', scope: 'ssf.manage' });
      const created = await service.app.inject({
        method: 'POST',
        url: '/api/ssf/stream',
        headers: { authorization: `Bearer ${receiverToken}` },
        payload: {},
      });
      expect(created.statusCode).toBe(201);
      const { stream_id } = created.json<{ stream_id: string }>();
      const receiver = await startSsfReceiver({
        base,
        audience: 'rx-1',
        token: receiverToken,
        pollEndpoint: () => `${base}/api/ssf/poll/${stream_id}`,
      });

      const user = await seedUser(database.db, {});
      const sid = `sid-${randomUUID()}`;
      const used = await service.app.inject({
        method: 'GET',
        url: '/api/auth/2fa',
        headers: { authorization: `Bearer ${await signed({ sub: user.id, sid })}` },
      });
      expect(used.statusCode).toBe(200);
      const logoutToken = await keyServer.sign(
        {
          iss: keyServer.issuer,
          aud: 'web-app',
          iat: nowSeconds(),
          exp: nowSeconds() + 120,
          jti: randomUUID(),
          sid,
          events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
        },
        { header: { typ: 'logout+jwt' } },
      );
      const logout = await service.app.inject({
        method: 'POST',
        url: '/api/idp/backchannel-logout',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ logout_token: logoutToken }).toString(),
      });
      expect(logout.json()).toEqual({ success: true, revoked: 1 });

      await receiver.poll();
      expect(receiver.received).toEqual([
        expect.objectContaining({
          type: 'https://schemas.openid.net/secevent/caep/event-type/session-revoked',
          claims: expect.objectContaining({
            sub_id: {
              format: 'complex',
              user: { format: 'iss_sub', iss: keyServer.issuer, sub: user.id },
              session: { format: 'opaque', id: sid },
            },
          }) as object,
          event: expect.objectContaining({
            initiating_entity: 'policy',
            reason_admin: { en: 'Signed out at the identity provider' },
          }) as object,
        }),
      ]);
      expect(receiver.problems).toEqual([]);
      await receiver.close();
    } finally {
      await service.app.close();
      await keyServer.close();
    }
  });
});
