import type { LogoutTokenReader, SessionToken } from '@accounts/application';
import { InMemoryReplayRecord } from '@accounts/application/testing';
import { BACKCHANNEL_LOGOUT_EVENT, err, ok } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { setUp, type TestContext } from './support.js';

// decisions.md, "The provider's sign-outs": the use case behind the back-channel logout route, with
// a reader that hands over the claims as signed (the signature is the adapter's, tested over HTTP).

const ISSUER = 'https://idp.example';
const HOUR = 3_600_000;

/** A reader for which every token is the JSON of its claims; `keys` says what it answers before them. */
function claimsReader(keys: 'ready' | 'unavailable' | 'bad-signature' = 'ready'): LogoutTokenReader {
  return {
    read: (token) => {
      if (keys === 'unavailable') return Promise.resolve(err({ type: 'KeysUnavailable' as const }));
      if (keys === 'bad-signature') return Promise.resolve(err({ type: 'BadSignature' as const }));
      return Promise.resolve(
        ok({ header: { typ: 'logout+jwt' }, claims: JSON.parse(token) as Record<string, unknown> }),
      );
    },
  };
}

function withLogout(reader = claimsReader()) {
  const made: { context?: TestContext } = {};
  // The test's clock, once it exists.
  const replay = new InMemoryReplayRecord({ now: () => made.context?.ports.clock.now() ?? new Date() });
  const context = setUp({
    providerLogout: {
      logoutTokens: reader,
      replay,
      rules: { issuer: ISSUER, audiences: ['web-app'], maxAgeSeconds: 300 },
    },
  });
  made.context = context;
  return { t: context, replay };
}

const nowSeconds = (t: TestContext) => Math.floor(t.ports.clock.now().getTime() / 1000);

/** A logout token (the JSON of its claims) issued now; `claims` add or override. */
function logoutToken(t: TestContext, claims: Record<string, unknown>, jti = `jti-${Math.random()}`) {
  return JSON.stringify({
    iss: ISSUER,
    aud: 'web-app',
    iat: nowSeconds(t),
    exp: nowSeconds(t) + 120,
    jti,
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    ...claims,
  });
}

function token(t: TestContext, key: string, sid: string | null, iat = nowSeconds(t) - 10): SessionToken {
  return {
    key: { key, sid },
    use: {
      issuedAt: iat,
      expiresAt: new Date(t.ports.clock.now().getTime() + HOUR),
      address: '192.0.2.1',
      userAgent: 'Test/1',
    },
  };
}

const use = (t: TestContext, userId: string, session: SessionToken) =>
  t.useCases.authorizeAccount.execute({ userId, operation: 'sessions', session });

const webhooks = (t: TestContext) =>
  t.db.outbox.flatMap((entry) => (entry.kind === 'webhook' ? [entry.payload] : []));

const handle = (t: TestContext, logoutToken: string) => {
  const useCase = t.useCases.handleProviderLogout;
  if (!useCase) throw new Error('providerLogout was given');
  return useCase.execute({ logoutToken });
};

describe('HandleProviderLogout', () => {
  it('revokes the sessions of a sid with a session.revoked webhook each, initiator idp', async () => {
    const { t } = withLogout();
    const ada = t.addUser();
    const bob = t.addUser({ email: 'bob@example.com' });
    await use(t, ada.id, token(t, 'sid:s', 's'));
    await use(t, bob.id, token(t, 'sid:s', 's'));
    expect(await handle(t, logoutToken(t, { sid: 's' }))).toEqual({ ok: true, value: 2 });
    expect(await use(t, ada.id, token(t, 'sid:s', 's'))).toEqual({
      ok: false,
      error: { type: 'SessionRevoked' },
    });
    expect(webhooks(t).map((event) => [event.type, event.data.initiator, event.data.sid])).toEqual([
      ['session.revoked', 'idp', 's'],
      ['session.revoked', 'idp', 's'],
    ]);
    expect(t.db.refusedSids).toEqual([{ sid: 's', sub: null, refusedAt: t.ports.clock.now() }]);
  });

  it('signs a sub out everywhere at the later of now and its iat, with a sessions.revoked webhook, initiator idp', async () => {
    const { t } = withLogout();
    const ada = t.addUser();
    const ahead = nowSeconds(t) + 20;
    await use(t, ada.id, token(t, 'jti:a', null, ahead));
    expect(await handle(t, logoutToken(t, { sub: ada.id, iat: ahead }))).toEqual({ ok: true, value: 1 });
    expect(await use(t, ada.id, token(t, 'jti:a', null, ahead))).toMatchObject({ ok: false });
    expect(await use(t, ada.id, token(t, 'jti:b', null, ahead + 1))).toEqual({ ok: true, value: undefined });
    expect(webhooks(t)).toMatchObject([
      {
        type: 'sessions.revoked',
        data: { scope: 'all', initiator: 'idp', issuedBefore: new Date((ahead + 1) * 1000).toISOString() },
      },
    ]);
    expect(t.db.refusedSids).toEqual([]);
  });

  it('falls back to sub when the live sessions of the account carry no sid, and keeps the sid refused', async () => {
    const { t } = withLogout();
    const ada = t.addUser();
    await use(t, ada.id, token(t, 'jti:a', null));
    expect(await handle(t, logoutToken(t, { sid: 'p', sub: ada.id }))).toEqual({ ok: true, value: 1 });
    expect(t.db.auditOf(ada.id)).toEqual([
      { userId: ada.id, event: 'SESSIONS_REVOKE', details: { scope: 'all', count: 1, initiator: 'idp' } },
    ]);
    expect(t.db.refusedSids).toEqual([{ sid: 'p', sub: ada.id, refusedAt: t.ports.clock.now() }]);
  });

  it('does not fall back when one live session carries a sid', async () => {
    const { t } = withLogout();
    const ada = t.addUser();
    await use(t, ada.id, token(t, 'jti:a', null));
    await use(t, ada.id, token(t, 'sid:other', 'other'));
    expect(await handle(t, logoutToken(t, { sid: 'p', sub: ada.id }))).toEqual({ ok: true, value: 0 });
    expect(await use(t, ada.id, token(t, 'jti:a', null))).toEqual({ ok: true, value: undefined });
    expect(t.db.auditOf(ada.id)).toEqual([]);
  });

  it('refuses a jti used before, and one it cannot check (the store unreachable), changing nothing', async () => {
    const { t, replay } = withLogout();
    const ada = t.addUser();
    await use(t, ada.id, token(t, 'sid:s', 's'));
    const sent = logoutToken(t, { sub: `nobody` }, 'once');
    expect(await handle(t, sent)).toEqual({ ok: true, value: 0 });
    expect(await handle(t, sent)).toEqual({
      ok: false,
      error: { type: 'InvalidLogoutToken', reason: 'The logout token was used before' },
    });
    replay.unreachable = true;
    expect(await handle(t, logoutToken(t, { sid: 's' }))).toEqual({
      ok: false,
      error: { type: 'ReplayUnchecked' },
    });
    expect(await use(t, ada.id, token(t, 'sid:s', 's'))).toEqual({ ok: true, value: undefined });
  });

  it('answers KeysUnavailable before the keys are read, and refuses a token no key verifies', async () => {
    expect(await handle(withLogout(claimsReader('unavailable')).t, '{}')).toEqual({
      ok: false,
      error: { type: 'KeysUnavailable' },
    });
    expect(await handle(withLogout(claimsReader('bad-signature')).t, '{}')).toMatchObject({
      ok: false,
      error: { type: 'InvalidLogoutToken' },
    });
  });
});
