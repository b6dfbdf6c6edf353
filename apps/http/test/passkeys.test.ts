import { FixedClock } from '@accounts/application/testing';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { auditRecords, PASSWORD, realServiceSuite, totpCode, UNTHROTTLED } from './real-service.js';
import { enableTwoFactor, seedSignedInUser, type SignedInUser } from './signed-in-user.js';
import { SoftwareAuthenticator, type Ceremony } from './software-authenticator.js';

// Passkeys through HTTP on the real adapters, with a software authenticator (decisions.md, "Passkeys").
const ORIGIN = 'http://localhost:3000';
const START = new Date('2026-03-01T12:00:00Z');

type Options = { challenge: string } & Record<string, unknown>;

describe.each(await testDatabaseTargets())('passkeys through HTTP on $label', (target) => {
  const clock = new FixedClock(START);
  const real = realServiceSuite(target, {
    env: { ...UNTHROTTLED, WEBAUTHN_ORIGINS: ORIGIN },
    clock,
  });

  const aUser = () => seedSignedInUser(real, { passwordHash: real.passwordHash });
  const anAuthenticator = () => new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' });

  async function registrationOptions(user: SignedInUser): Promise<Options> {
    const answer = await user.call('POST', '/api/auth/passkeys/registration-options');
    expect(answer.status).toBe(200);
    return answer.body as Options;
  }

  /** Registers `authenticator` for `user`; the answer of POST /api/auth/passkeys. */
  async function register(
    user: SignedInUser,
    authenticator: SoftwareAuthenticator,
    ceremony: Ceremony = {},
    name?: string,
    proof: { verificationCode?: string; passkey?: object } = {},
  ) {
    const options = await registrationOptions(user);
    return user.call('POST', '/api/auth/passkeys', {
      response: authenticator.create(options, ceremony),
      ...(name === undefined ? {} : { name }),
      ...proof,
    });
  }

  async function assertion(
    user: SignedInUser,
    authenticator: SoftwareAuthenticator,
    ceremony: Ceremony = {},
  ) {
    const answer = await user.call('POST', '/api/auth/passkeys/authentication-options');
    expect(answer.status).toBe(200);
    return authenticator.get(answer.body as Options, ceremony);
  }

  async function withPasskey() {
    const user = await aUser();
    const authenticator = anAuthenticator();
    const registered = await register(user, authenticator);
    expect(registered.status).toBe(201);
    return { user, authenticator, passkeyId: registered.body.id as string };
  }

  const disable = (user: SignedInUser, passkey: object) =>
    user.call('POST', '/api/auth/disable-account', { password: PASSWORD, passkey });
  const enable = (user: SignedInUser, passkey: object) =>
    user.call('DELETE', '/api/auth/disable-account', { password: PASSWORD, passkey });

  const refused = {
    status: 401,
    body: expect.objectContaining({ message: 'Invalid 2FA verification code' }) as object,
  };
  const invalidResponse = {
    status: 400,
    body: expect.objectContaining({
      code: 'INVALID_PASSKEY_RESPONSE',
      message: 'Invalid passkey response',
    }) as object,
  };

  it('gives registration options as the contract states them', async () => {
    const user = await aUser();
    const options = await registrationOptions(user);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'required' },
      excludeCredentials: [],
    });
    expect((options.pubKeyCredParams as { alg: number }[]).map((p) => p.alg).sort()).toEqual([-257, -7]);
    expect(Buffer.from(options.challenge, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('registers and lists a passkey, audits it, and counts it in the 2FA status', async () => {
    const user = await aUser();
    const authenticator = anAuthenticator();
    const registered = await register(user, authenticator, {}, 'Laptop');
    expect(registered).toEqual({
      status: 201,
      body: {
        id: expect.any(String) as string,
        name: 'Laptop',
        createdAt: expect.any(String) as string,
        lastUsedAt: null,
      },
    });
    expect(await user.call('GET', '/api/auth/passkeys')).toEqual({
      status: 200,
      body: { passkeys: [registered.body] },
    });
    expect(registered.body.id).not.toBe(authenticator.id);
    expect(await auditRecords(real.service.database.db, user.id, 'PASSKEY_ADD')).toEqual([
      { event: 'PASSKEY_ADD', details: { passkeyId: registered.body.id, name: 'Laptop' } },
    ]);
    expect((await user.call('GET', '/api/auth/2fa')).body).toEqual({
      twoFactorEnabled: false,
      backupCodesRemaining: 0,
      passkeys: 1,
    });
    expect((await registrationOptions(user)).excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);

    const second = await register(user, anAuthenticator(), {}, undefined, {
      passkey: await assertion(user, authenticator),
    });
    expect(second.body.name).toBe('Passkey');
    const list = await user.call('GET', '/api/auth/passkeys');
    expect((list.body.passkeys as { id: string }[]).map((p) => p.id)).toEqual([
      registered.body.id,
      second.body.id,
    ]);
  });

  it('refuses a credential already registered, and a name out of 1..64', async () => {
    const { authenticator } = await withPasskey();
    const other = await aUser();
    expect(await register(other, authenticator)).toMatchObject({
      status: 409,
      body: { code: 'PASSKEY_ALREADY_REGISTERED', message: 'Passkey is already registered' },
    });
    expect((await register(other, anAuthenticator(), {}, '')).status).toBe(400);
    expect((await register(other, anAuthenticator(), {}, 'x'.repeat(65))).status).toBe(400);
  });

  it('refuses a registration from another origin, for another RP ID, or without user verification', async () => {
    const user = await aUser();
    expect(await register(user, anAuthenticator(), { origin: 'http://evil.example' })).toMatchObject(
      invalidResponse,
    );
    expect(await register(user, anAuthenticator(), { rpId: 'evil.example' })).toMatchObject(invalidResponse);
    expect(await register(user, anAuthenticator(), { userVerified: false })).toMatchObject(invalidResponse);
    expect((await user.call('GET', '/api/auth/passkeys')).body).toEqual({ passkeys: [] });
  });

  it('refuses a public key that can never verify (an EC2 point off P-256), and stores nothing', async () => {
    const user = await aUser();
    expect(await register(user, anAuthenticator(), { keyOffCurve: true })).toMatchObject(invalidResponse);
    expect((await user.call('GET', '/api/auth/passkeys')).body).toEqual({ passkeys: [] });
    expect((await user.call('GET', '/api/auth/2fa')).body).toMatchObject({ passkeys: 0 });
    expect(await register(user, anAuthenticator())).toMatchObject({ status: 201 });
  });

  it('keeps at most 20 passkeys an account: the 21st gets 400 Too many passkeys', async () => {
    const { user, authenticator } = await withPasskey();
    for (let i = 1; i < 20; i++) {
      const added = await register(user, anAuthenticator(), {}, undefined, {
        passkey: await assertion(user, authenticator),
      });
      expect(added.status).toBe(201);
    }
    expect(
      await register(user, anAuthenticator(), {}, undefined, {
        passkey: await assertion(user, authenticator),
      }),
    ).toMatchObject({
      status: 400,
      body: { statusCode: 400, code: 'TOO_MANY_PASSKEYS', message: 'Too many passkeys' },
    });
    expect(((await user.call('GET', '/api/auth/passkeys')).body.passkeys as unknown[]).length).toBe(20);
  });

  it('refuses a registration challenge used before or expired', async () => {
    const user = await aUser();
    const options = await registrationOptions(user);
    const first = anAuthenticator();
    expect((await user.call('POST', '/api/auth/passkeys', { response: first.create(options) })).status).toBe(
      201,
    );
    expect(
      await user.call('POST', '/api/auth/passkeys', {
        response: anAuthenticator().create(options),
        passkey: await assertion(user, first),
      }),
    ).toMatchObject(invalidResponse);

    const later = await registrationOptions(user);
    clock.advance(5 * 60_000 + 1000);
    expect(
      await user.call('POST', '/api/auth/passkeys', {
        response: anAuthenticator().create(later),
        passkey: await assertion(user, first),
      }),
    ).toMatchObject(invalidResponse);
  });

  it('asks for the second factor to add a passkey: a token alone cannot add one that stands in for TOTP', async () => {
    const user = await aUser();
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const step = () => Math.floor(clock.now().getTime() / 30_000);
    await enableTwoFactor(user, secret, totpCode(secret, step()));
    const thief = anAuthenticator();
    expect(await register(user, thief)).toMatchObject({
      status: 401,
      body: { code: 'TWO_FACTOR_CODE_REQUIRED', message: '2FA verification code is required' },
    });
    expect(await register(user, thief, {}, undefined, { verificationCode: '000000' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code' },
    });
    expect((await user.call('GET', '/api/auth/passkeys')).body).toEqual({ passkeys: [] });
    expect(await auditRecords(real.service.database.db, user.id, 'PASSKEY_ADD')).toEqual([]);

    clock.advance(30_000);
    const owner = anAuthenticator();
    expect(
      (await register(user, owner, {}, undefined, { verificationCode: totpCode(secret, step()) })).status,
    ).toBe(201);
    // The second passkey is proven by the first, as a TOTP code would.
    expect((await register(user, anAuthenticator())).status).toBe(401);
    expect(
      (await register(user, anAuthenticator(), {}, undefined, { passkey: await assertion(user, owner) }))
        .status,
    ).toBe(201);
  });

  it('answers authentication options only with a passkey, allowing the caller’s', async () => {
    const user = await aUser();
    expect(await user.call('POST', '/api/auth/passkeys/authentication-options')).toMatchObject({
      status: 400,
      body: { code: 'NO_PASSKEY_REGISTERED', message: 'No passkey is registered' },
    });
    const { user: owner, authenticator } = await withPasskey();
    const options = await owner.call('POST', '/api/auth/passkeys/authentication-options');
    expect(options.body).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id, type: 'public-key' }],
    });
    expect(Buffer.from(options.body.challenge as string, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('re-authenticates a disable with a passkey, and records its use', async () => {
    const { user, authenticator } = await withPasskey();
    expect((await user.call('POST', '/api/auth/disable-account', { password: PASSWORD })).body).toMatchObject(
      {
        message: '2FA verification code is required',
      },
    );
    expect(await disable(user, await assertion(user, authenticator))).toEqual({
      status: 200,
      body: { success: true, message: 'Account disabled successfully' },
    });
    const stored = await real.service.database.db
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([{ counter: expect.anything() as unknown, last_used_at: clock.now() }]);
    expect(Number(stored[0]?.counter)).toBe(1);
  });

  it('refuses a replayed assertion', async () => {
    const { user, authenticator } = await withPasskey();
    const signed = await assertion(user, authenticator);
    expect((await disable(user, signed)).status).toBe(200);
    expect(await enable(user, signed)).toMatchObject(refused);
  });

  it('refuses an assertion whose challenge expired', async () => {
    const { user, authenticator } = await withPasskey();
    const signed = await assertion(user, authenticator);
    clock.advance(5 * 60_000 + 1000);
    expect(await disable(user, signed)).toMatchObject(refused);
  });

  it("refuses another account's passkey", async () => {
    const { user } = await withPasskey();
    const { authenticator: othersAuthenticator } = await withPasskey();
    expect(await disable(user, await assertion(user, othersAuthenticator))).toMatchObject(refused);
  });

  it('refuses an assertion from another origin, for another RP ID, or without user verification', async () => {
    const { user, authenticator } = await withPasskey();
    expect(
      await disable(user, await assertion(user, authenticator, { origin: 'http://evil.example' })),
    ).toMatchObject(refused);
    expect(await disable(user, await assertion(user, authenticator, { rpId: 'evil.example' }))).toMatchObject(
      refused,
    );
    expect(await disable(user, await assertion(user, authenticator, { userVerified: false }))).toMatchObject(
      refused,
    );
    expect((await disable(user, await assertion(user, authenticator))).status).toBe(200);
  });

  it('refuses and audits a counter that goes backwards', async () => {
    const { user, authenticator, passkeyId } = await withPasskey();
    expect((await disable(user, await assertion(user, authenticator, { counter: 10 }))).status).toBe(200);
    expect(await enable(user, await assertion(user, authenticator, { counter: 9 }))).toMatchObject(refused);
    expect(await auditRecords(real.service.database.db, user.id, 'PASSKEY_COUNTER_REGRESSION')).toEqual([
      { event: 'PASSKEY_COUNTER_REGRESSION', details: { passkeyId } },
    ]);
    expect((await enable(user, await assertion(user, authenticator, { counter: 11 }))).status).toBe(200);
  });

  it('removes a passkey after re-authentication, audits it, and answers 404 for one not the caller’s', async () => {
    const { user, authenticator, passkeyId } = await withPasskey();
    const { passkeyId: othersId } = await withPasskey();
    expect(await user.call('DELETE', `/api/auth/passkeys/${passkeyId}`, { password: 'wrong' })).toMatchObject(
      {
        status: 401,
        body: { code: 'INVALID_PASSWORD' },
      },
    );
    expect(
      await user.call('DELETE', `/api/auth/passkeys/${othersId}`, {
        password: PASSWORD,
        passkey: await assertion(user, authenticator),
      }),
    ).toMatchObject({ status: 404, body: { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' } });
    expect(
      await user.call('DELETE', `/api/auth/passkeys/${passkeyId}`, {
        password: PASSWORD,
        passkey: await assertion(user, authenticator),
      }),
    ).toEqual({ status: 200, body: { success: true, message: 'Passkey removed' } });
    expect((await user.call('GET', '/api/auth/passkeys')).body).toEqual({ passkeys: [] });
    expect(await auditRecords(real.service.database.db, user.id, 'PASSKEY_REMOVE')).toEqual([
      { event: 'PASSKEY_REMOVE', details: { passkeyId, name: 'Passkey' } },
    ]);
  });

  it('turns TOTP off with a passkey on 2FA disable, and deletes the passkeys with the account', async () => {
    const { user, authenticator } = await withPasskey();
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    await enableTwoFactor(user, secret, totpCode(secret, Math.floor(clock.now().getTime() / 30_000)));
    expect(
      await user.call('POST', '/api/auth/2fa', {
        enable: false,
        passkey: await assertion(user, authenticator, { origin: 'http://evil.example' }),
      }),
    ).toMatchObject({ status: 400, body: { message: 'Invalid verification code' } });
    expect(
      await user.call('POST', '/api/auth/2fa', {
        enable: false,
        passkey: await assertion(user, authenticator),
      }),
    ).toMatchObject({ status: 200, body: { twoFactorEnabled: false } });
    expect((await user.call('GET', '/api/auth/2fa')).body).toEqual({
      twoFactorEnabled: false,
      backupCodesRemaining: 0,
      passkeys: 1,
    });
    expect(
      await user.call('POST', '/api/auth/delete-account', {
        password: PASSWORD,
        passkey: await assertion(user, authenticator),
      }),
    ).toMatchObject({ status: 200 });
    const left = await real.service.database.db
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
