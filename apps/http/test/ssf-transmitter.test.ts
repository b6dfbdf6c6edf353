import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { createService, loadSsf, type Service } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { PASSWORD, TEST_ARGON2, totpCode } from './real-service.js';
import { SoftwareAuthenticator } from './software-authenticator.js';
import { startSsfReceiver, type SsfReceiver } from './ssf-receiver.js';
import { signJwt } from './support.js';

const SECRET = 'a-jwt-secret-for-the-ssf-transmitter-test-0123456789';
const IDP = 'https://idp.example';
const ISSUER = 'https://accounts.example';
const pem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
const FIRST_KEY = pem();
const RETRY_BASE_MS = 100;

const CAEP = 'https://schemas.openid.net/secevent/caep/event-type/';
const RISC = 'https://schemas.openid.net/secevent/risc/event-type/';

const targets = await testDatabaseTargets();

function tokenOf(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ iss: IDP, iat: now, exp: now + 600, ...claims }, { key: SECRET });
}
const receiverToken = tokenOf({ sub: 'svc', client_id: 'rx-1', scope: 'ssf.manage' });
const operatorToken = tokenOf({ sub: 'support-1', scope: 'accounts:admin' });

/** Waits for `check` to hold, looking every 20 ms, failing after `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(targets)(
  'the SSF transmitter against a receiver written from the specifications: $label',
  (target) => {
    async function start(keys: string, overrides: Record<string, string> = {}) {
      const env = {
        LOG_LEVEL: 'silent',
        JWT_SECRET: SECRET,
        JWT_ISSUER: IDP,
        SSF_SIGNING_KEYS: keys,
        SSF_ALLOW_INSECURE_PUSH: 'true',
        PUBLIC_URL: ISSUER,
        DELIVERY_POLL_MS: '20',
        DELIVERY_RETRY_BASE_MS: String(RETRY_BASE_MS),
        DELIVERY_RETRY_MAX_MS: String(RETRY_BASE_MS * 2),
        ...overrides,
      };
      const config = loadConfig(env);
      const database = await target.create();
      const ssf = await loadSsf(env, config);
      const service = await createService(config, { database, ssf });
      await service.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
      /** Another instance of the service on the same database (its own outbox worker). */
      const another = () =>
        createService(config, { database: { ...database, close: () => Promise.resolve() }, ssf });
      return { service, base, db: database.db, another };
    }

    async function call(
      service: Service,
      method: 'POST' | 'GET',
      url: string,
      token: string,
      payload?: object,
    ) {
      return service.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    }

    it('pushes every event of the operator changes, signed, one per SET, in the order of the changes; a receiver outage is caught up', async () => {
      const { service, base, db } = await start(FIRST_KEY);
      let receiver: SsfReceiver | undefined;
      try {
        receiver = await startSsfReceiver({ base, audience: 'rx-1', token: receiverToken });
        const created = await call(service, 'POST', '/api/ssf/stream', receiverToken, {
          delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.pushUrl },
        });
        expect(created.statusCode).toBe(201);
        const user = await seedUser(db, {});
        const reason = { reason: 'Reported stolen laptop' };
        const admin = (action: string) =>
          call(service, 'POST', `/api/admin/users/${user.id}/${action}`, operatorToken, reason);

        expect((await admin('disable')).statusCode).toBe(200);
        await eventually(() => receiver!.received.length === 1);
        // Down for more than three retry intervals (the next SET tried and refused four times):
        // every SET arrives once it is back.
        receiver.outage = 'down';
        expect((await admin('enable')).statusCode).toBe(200);
        expect((await admin('ban')).statusCode).toBe(200);
        await eventually(() => receiver!.pushes.length >= 1 + 4);
        receiver.outage = null;
        expect((await admin('unban')).statusCode).toBe(200);
        expect((await admin('sign-out-everywhere')).statusCode).toBe(200);
        await eventually(() => receiver!.received.length === 5);

        expect(receiver.problems).toEqual([]);
        // Each SET first tried in the order of the changes (their audit records' order).
        const changes = await db
          .selectFrom('audit_logs')
          .select('id')
          .where('user_id', '=', user.id)
          .orderBy('id')
          .execute();
        const txnOf = new Map(receiver.received.map((set) => [set.jti, set.claims.txn]));
        const firstTries = [...new Set(receiver.pushes)];
        expect(firstTries.map((jti) => txnOf.get(jti))).toEqual(changes.map((change) => String(change.id)));
        // The receiver orders by event_timestamp (retries may arrive out of order): none is
        // missing, and that order is the changes' order (ties within a second aside).
        const ordered = [...receiver.received].sort(
          (a, b) => (a.event.event_timestamp as number) - (b.event.event_timestamp as number),
        );
        const byChange = changes.map((change) => ordered.find((set) => set.claims.txn === String(change.id)));
        expect(byChange.map((set) => set?.type)).toEqual([
          `${RISC}account-disabled`,
          `${RISC}account-enabled`,
          `${RISC}account-disabled`,
          `${RISC}account-enabled`,
          `${CAEP}session-revoked`,
        ]);
        const timestamps = byChange.map((set) => set?.event.event_timestamp as number);
        expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
        expect(ordered).toHaveLength(changes.length);
        const revoked = receiver.received.find((set) => set.type === `${CAEP}session-revoked`)!;
        expect(revoked.event).toMatchObject({
          initiating_entity: 'admin',
          reason_admin: { en: reason.reason },
        });
        expect(revoked.claims.sub_id).toEqual({ format: 'iss_sub', iss: IDP, sub: user.id });
        expect(revoked.claims).toMatchObject({ iss: ISSUER, aud: 'rx-1' });
        // txn names the change: its audit record's id.
        const record = await db
          .selectFrom('audit_logs')
          .select('id')
          .where('user_id', '=', user.id)
          .where('event', '=', 'SESSIONS_REVOKE')
          .executeTakeFirstOrThrow();
        expect(revoked.claims.txn).toBe(String(record.id));
      } finally {
        await receiver?.close();
        await service.app.close();
      }
    });

    it("sends the user's own changes: a passkey added and removed, two-factor on, backup codes replaced, one session signed out, the account deleted", async () => {
      const { service, base, db } = await start(FIRST_KEY);
      try {
        const created = await call(service, 'POST', '/api/ssf/stream', receiverToken, {});
        const { stream_id } = created.json<{ stream_id: string }>();
        const receiver = await startSsfReceiver({
          base,
          audience: 'rx-1',
          token: receiverToken,
          pollEndpoint: () => `${base}/api/ssf/poll/${stream_id}`,
        });
        const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
        const user = await seedUser(db, { passwordHash });
        const token = tokenOf({ sub: user.id, sid: 'laptop-sid' });
        const as = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
          const response = await service.app.inject({
            method,
            url,
            headers: { authorization: `Bearer ${token}` },
            ...(payload ? { payload } : {}),
          });
          return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
        };
        const authenticator = new SoftwareAuthenticator({
          origin: 'http://localhost:3000',
          rpId: 'localhost',
        });
        const options = await as('POST', '/api/auth/passkeys/registration-options');
        const added = await as('POST', '/api/auth/passkeys', {
          response: authenticator.create(options.body as { challenge: string }),
        });
        expect(added.status).toBe(201);
        const assertion = await as('POST', '/api/auth/passkeys/authentication-options');
        const removed = await as('DELETE', `/api/auth/passkeys/${String(added.body.id)}`, {
          password: PASSWORD,
          passkey: authenticator.get(assertion.body as { challenge: string }),
        });
        expect(removed.status).toBe(200);
        const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
        const step = Math.floor(Date.now() / 30_000);
        const on = await as('POST', '/api/auth/2fa', {
          enable: true,
          secret,
          verificationCode: totpCode(secret, step),
        });
        expect(on.status).toBe(200);
        const replaced = await as('POST', '/api/auth/2fa/backup-codes', {
          verificationCode: totpCode(secret, step + 1),
        });
        expect(replaced.status).toBe(200);
        expect((await as('DELETE', '/api/user/sessions/current')).status).toBe(200);
        const deleted = await service.app.inject({
          method: 'POST',
          url: '/api/auth/delete-account',
          headers: { authorization: `Bearer ${tokenOf({ sub: user.id })}` },
          payload: { password: PASSWORD, verificationCode: (replaced.body.backupCodes as string[])[0] },
        });
        expect(deleted.statusCode).toBe(200);

        await eventually(async () => {
          await receiver.poll({ ack: receiver.received.map((set) => set.jti) });
          return receiver.received.length >= 6;
        });
        expect(receiver.problems).toEqual([]);
        const byUser = { format: 'iss_sub', iss: IDP, sub: user.id };
        const credential = (credential_type: string, change_type: string, en: string) => ({
          type: `${CAEP}credential-change`,
          claims: expect.objectContaining({ sub_id: byUser }) as object,
          event: expect.objectContaining({
            credential_type,
            change_type,
            initiating_entity: 'user',
            reason_admin: { en },
          }) as object,
        });
        expect(receiver.received).toEqual([
          expect.objectContaining(credential('fido2-platform', 'create', 'Passkey added')),
          // Named by the transports it was registered with, though gone by the time it is audited.
          expect.objectContaining(credential('fido2-platform', 'delete', 'Passkey removed')),
          expect.objectContaining(credential('app', 'create', 'Authenticator app turned on')),
          expect.objectContaining(credential('app', 'update', 'Backup codes replaced')),
          expect.objectContaining({
            type: `${CAEP}session-revoked`,
            claims: expect.objectContaining({
              sub_id: { format: 'complex', user: byUser, session: { format: 'opaque', id: 'laptop-sid' } },
            }) as object,
            event: expect.objectContaining({
              initiating_entity: 'user',
              reason_admin: { en: 'Signed out by the user' },
            }) as object,
          }),
          expect.objectContaining({
            type: `${RISC}account-purged`,
            claims: expect.objectContaining({ sub_id: byUser }) as object,
          }),
        ]);
        await receiver.close();
      } finally {
        await service.app.close();
      }
    });

    it('never pushes a user’s later SET, from any instance, while an earlier one’s first push is under way', async () => {
      const { service, base, db, another } = await start(FIRST_KEY);
      const second = await another();
      let receiver: SsfReceiver | undefined;
      try {
        receiver = await startSsfReceiver({ base, audience: 'rx-1', token: receiverToken });
        await call(service, 'POST', '/api/ssf/stream', receiverToken, {
          delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.pushUrl },
        });
        const user = await seedUser(db, {});
        const admin = (action: string) =>
          call(service, 'POST', `/api/admin/users/${user.id}/${action}`, operatorToken, { reason: 'x' });
        receiver.outage = 'hang';
        expect((await admin('disable')).statusCode).toBe(200);
        await eventually(() => receiver!.pushes.length === 1);
        expect((await admin('enable')).statusCode).toBe(200);
        // Both workers look every 20 ms: the second SET stays queued while the first push hangs.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(receiver.pushes).toHaveLength(1);

        receiver.outage = null;
        receiver.release();
        await eventually(() => receiver!.received.length === 2);
        expect(receiver.received.map((set) => set.type)).toEqual([
          `${RISC}account-disabled`,
          `${RISC}account-enabled`,
        ]);
        expect(receiver.problems).toEqual([]);
      } finally {
        await receiver?.close();
        await second.app.close();
        await service.app.close();
      }
    });

    it('pushes a verification SET at once, not at the worker’s next look', async () => {
      const { service, base } = await start(FIRST_KEY, { DELIVERY_POLL_MS: '3600000' });
      let receiver: SsfReceiver | undefined;
      try {
        receiver = await startSsfReceiver({ base, audience: 'rx-1', token: receiverToken });
        const created = await call(service, 'POST', '/api/ssf/stream', receiverToken, {
          delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.pushUrl },
        });
        const { stream_id } = created.json<{ stream_id: string }>();
        const verified = await call(service, 'POST', '/api/ssf/verify', receiverToken, {
          stream_id,
          state: 'prompt',
        });
        expect(verified.statusCode).toBe(204);
        // Well within the hour the worker would otherwise sleep.
        await eventually(() => receiver!.received.length === 1, 10_000);
        expect(receiver.received[0]?.event).toEqual({ state: 'prompt' });
        expect(receiver.problems).toEqual([]);
      } finally {
        await receiver?.close();
        await service.app.close();
      }
    });

    it('delivers a paused push stream’s SETs as soon as it is enabled again, not at a retry', async () => {
      const hour = '3600000';
      const { service, base, db } = await start(FIRST_KEY, {
        DELIVERY_RETRY_BASE_MS: hour,
        DELIVERY_RETRY_MAX_MS: hour,
      });
      let receiver: SsfReceiver | undefined;
      try {
        receiver = await startSsfReceiver({ base, audience: 'rx-1', token: receiverToken });
        const created = await call(service, 'POST', '/api/ssf/stream', receiverToken, {
          delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.pushUrl },
        });
        const { stream_id } = created.json<{ stream_id: string }>();
        const status = (value: string) =>
          call(service, 'POST', '/api/ssf/status', receiverToken, { stream_id, status: value });
        expect((await status('paused')).statusCode).toBe(200);
        const user = await seedUser(db, {});
        await call(service, 'POST', `/api/admin/users/${user.id}/disable`, operatorToken, { reason: 'x' });
        const held = () =>
          db
            .selectFrom('outbox')
            .select(['attempts', 'last_error'])
            .where('kind', '=', 'ssf')
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow();
        await eventually(async () => (await held()).attempts > 0);
        expect((await held()).last_error).toBe('the stream is paused');
        expect(receiver.pushes).toEqual([]);

        expect((await status('enabled')).statusCode).toBe(200);
        await eventually(
          () => receiver!.received.some((set) => set.type === `${RISC}account-disabled`),
          10_000,
        );
        expect(receiver.problems).toEqual([]);
      } finally {
        await receiver?.close();
        await service.app.close();
      }
    });

    it('polls (RFC 8936): SETs wait for the poll, an ack takes them away; a rolled-back change sends none', async () => {
      const { service, base, db } = await start(FIRST_KEY);
      try {
        const created = await call(service, 'POST', '/api/ssf/stream', receiverToken, {});
        const { stream_id } = created.json<{ stream_id: string }>();
        const receiver = await startSsfReceiver({
          base,
          audience: 'rx-1',
          token: receiverToken,
          pollEndpoint: () => `${base}/api/ssf/poll/${stream_id}`,
        });
        const user = await seedUser(db, {});
        const refused = await call(service, 'POST', `/api/admin/users/${user.id}/enable`, operatorToken, {
          reason: 'x',
        });
        expect(refused.statusCode).not.toBe(200); // not disabled: nothing changes, nothing is sent
        await call(service, 'POST', `/api/admin/users/${user.id}/disable`, operatorToken, { reason: 'x' });

        const metrics = async () => (await service.app.inject({ method: 'GET', url: '/metrics' })).body;
        expect(await metrics()).toContain(`accounts_ssf_sets{stream="${stream_id}",status="pending"} 1`);
        const first = await receiver.poll();
        expect(Object.keys(first.sets)).toHaveLength(1);
        expect(receiver.received.map((set) => set.type)).toEqual([`${RISC}account-disabled`]);
        // Not acknowledged: handed out again (same jti).
        expect(Object.keys((await receiver.poll()).sets)).toEqual(Object.keys(first.sets));
        const acked = await receiver.poll({ ack: Object.keys(first.sets) });
        expect(acked.sets).toEqual({});
        expect(await metrics()).toContain(`accounts_ssf_sets{stream="${stream_id}",status="done"} 1`);
        // The owner's export lists the SET (kind, status, event type), never the signed SET.
        const exported = await call(service, 'POST', `/api/admin/users/${user.id}/export`, operatorToken, {
          reason: 'x',
        });
        const { deliveries } = exported.json<{
          deliveries: { kind: string; status: string; data: object }[];
        }>();
        expect(deliveries.filter((entry) => entry.kind === 'ssf')).toEqual([
          {
            kind: 'ssf',
            status: 'done',
            createdAt: expect.any(String) as string,
            data: { stream: stream_id, event: `${RISC}account-disabled` },
          },
        ]);
        expect(exported.body).not.toContain(Object.values(first.sets)[0]);
        // An operator's 2FA reset: CAEP credential-change (app, delete) with the operator's reason.
        const withTwoFactor = await seedUser(db, { twoFactorEnabled: true, twoFactorSecret: 'sealed' });
        const reset = await call(
          service,
          'POST',
          `/api/admin/users/${withTwoFactor.id}/reset-two-factor`,
          operatorToken,
          {
            reason: 'Lost phone',
          },
        );
        expect(reset.statusCode).toBe(200);
        await receiver.poll();
        expect(receiver.received.at(-1)).toMatchObject({
          type: `${CAEP}credential-change`,
          event: {
            credential_type: 'app',
            change_type: 'delete',
            initiating_entity: 'admin',
            reason_admin: { en: 'Lost phone' },
          },
        });
        expect(receiver.problems).toEqual([]);
        await receiver.close();
      } finally {
        await service.app.close();
      }
    });

    it('long-polls: a poll without returnImmediately answers when a SET arrives, and at once on shutdown', async () => {
      const { service, base, db } = await start(FIRST_KEY);
      let closed = false;
      try {
        const created = await call(service, 'POST', '/api/ssf/stream', receiverToken, {});
        const { stream_id } = created.json<{ stream_id: string }>();
        const receiver = await startSsfReceiver({
          base,
          audience: 'rx-1',
          token: receiverToken,
          pollEndpoint: () => `${base}/api/ssf/poll/${stream_id}`,
        });
        const user = await seedUser(db, {});
        const waiting = receiver.poll({ returnImmediately: false });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await call(service, 'POST', `/api/admin/users/${user.id}/disable`, operatorToken, { reason: 'x' });
        expect(Object.keys((await waiting).sets)).toHaveLength(1);

        const idle = receiver.poll({
          returnImmediately: false,
          ack: receiver.received.map((set) => set.jti),
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const closeStarted = Date.now();
        const closing = service.app.close();
        closed = true;
        expect((await idle).sets).toEqual({});
        // At once, not after the poll's 10 s wait (a generous bound: it guards against that wait).
        expect(Date.now() - closeStarted).toBeLessThan(5_000);
        await closing;
        await receiver.close();
      } finally {
        if (!closed) await service.app.close();
      }
    });

    it('sends a verification SET with the state given, holds SETs while paused and keeps none while disabled', async () => {
      const { service, base, db } = await start(FIRST_KEY);
      try {
        const created = await call(service, 'POST', '/api/ssf/stream', receiverToken, {});
        const { stream_id } = created.json<{ stream_id: string }>();
        const receiver = await startSsfReceiver({
          base,
          audience: 'rx-1',
          token: receiverToken,
          pollEndpoint: () => `${base}/api/ssf/poll/${stream_id}`,
        });
        const verified = await call(service, 'POST', '/api/ssf/verify', receiverToken, {
          stream_id,
          state: 's1',
        });
        expect(verified.statusCode).toBe(204);
        await receiver.poll();
        expect(receiver.received).toHaveLength(1);
        expect(receiver.received[0]).toMatchObject({
          type: 'https://schemas.openid.net/secevent/ssf/event-type/verification',
          event: { state: 's1' },
          claims: { sub_id: { format: 'opaque', id: stream_id } },
        });
        expect(receiver.received[0]?.claims).not.toHaveProperty('txn');
        expect(
          (await call(service, 'POST', '/api/ssf/verify', receiverToken, { stream_id })).statusCode,
        ).toBe(429);

        const status = (value: string) =>
          call(service, 'POST', '/api/ssf/status', receiverToken, { stream_id, status: value });
        await receiver.poll({ ack: receiver.received.map((set) => set.jti) });
        expect((await status('paused')).statusCode).toBe(200);
        const user = await seedUser(db, {});
        await call(service, 'POST', `/api/admin/users/${user.id}/disable`, operatorToken, { reason: 'x' });
        expect((await receiver.poll()).sets).toEqual({});
        await status('enabled');
        const held = await receiver.poll();
        expect(receiver.received.map((set) => set.type)).toEqual(
          expect.arrayContaining([
            `${RISC}account-disabled`,
            'https://schemas.openid.net/secevent/ssf/event-type/stream-updated',
          ]),
        );
        await receiver.poll({ ack: Object.keys(held.sets) });
        // Queued while enabled, never polled: dropped when the stream is disabled.
        await call(service, 'POST', `/api/admin/users/${user.id}/enable`, operatorToken, { reason: 'x' });
        await status('disabled');
        expect((await receiver.poll()).sets).toEqual({});
        await status('enabled');
        const before = receiver.received.length;
        await receiver.poll();
        const after = receiver.received.slice(before).map((set) => set.type);
        expect(after).toEqual(['https://schemas.openid.net/secevent/ssf/event-type/stream-updated']);
        expect(receiver.problems).toEqual([]);
        await receiver.close();
      } finally {
        await service.app.close();
      }
    });

    it('signs with the first key and publishes the next before it signs (rotation in two steps)', async () => {
      const next = pem();
      // Step 1: the new key added last, published, not signing.
      const step1 = await start(`${FIRST_KEY}${next}`);
      const jwks1 = (await step1.service.app.inject({ method: 'GET', url: '/api/ssf/jwks' })).json<{
        keys: { kid: string }[];
      }>();
      await step1.service.app.close();
      // Step 2: the new key first.
      const step2 = await start(`${next}${FIRST_KEY}`);
      try {
        const jwks2 = (await step2.service.app.inject({ method: 'GET', url: '/api/ssf/jwks' })).json<{
          keys: { kid: string }[];
        }>();
        expect(jwks2.keys.map((key) => key.kid)).toEqual([...jwks1.keys.map((key) => key.kid)].reverse());
        const created = await call(step2.service, 'POST', '/api/ssf/stream', receiverToken, {});
        const { stream_id } = created.json<{ stream_id: string }>();
        const receiver = await startSsfReceiver({
          base: step2.base,
          audience: 'rx-1',
          token: receiverToken,
          pollEndpoint: () => `${step2.base}/api/ssf/poll/${stream_id}`,
        });
        const user = await seedUser(step2.db, {});
        await call(step2.service, 'POST', `/api/admin/users/${user.id}/disable`, operatorToken, {
          reason: 'x',
        });
        const answer = await receiver.poll();
        const [set] = Object.values(answer.sets);
        const kid = (JSON.parse(Buffer.from(set!.split('.')[0]!, 'base64url').toString()) as { kid: string })
          .kid;
        expect(kid).toBe(jwks1.keys[1]!.kid);
        expect(receiver.problems).toEqual([]);
        await receiver.close();
      } finally {
        await step2.service.app.close();
      }
    });
  },
);
