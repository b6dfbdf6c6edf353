import { describe, expect, it } from 'vitest';
import type { OperatorInput, PasskeyRepository, UseCases } from '@accounts/application';
import { IN_MEMORY_CREATED_AT } from '@accounts/application/testing';
import type { AccountFlags } from '@accounts/domain';
import { BACKUP_CODES, setUp } from './support.js';

const ACTOR = 'operator-7';
const REASON = 'ticket #4711: customer lost access';

type Change = {
  name: string;
  run: (useCases: UseCases, input: OperatorInput) => Promise<{ ok: boolean; error?: { type: string } }>;
  /** Flags it succeeds from, the flags it leaves, and the flags it is refused on (with the refusal). */
  from: AccountFlags;
  to: AccountFlags;
  refusedOn: AccountFlags;
  refusal: string;
  event: string;
  details: (email: string) => Record<string, unknown>;
  webhook: string;
  cancels: boolean;
};

const CHANGES: Change[] = [
  {
    name: 'DisableAccountAsOperator',
    run: (u, i) => u.disableAccountAsOperator.execute(i),
    from: { disabled: false, banned: true },
    to: { disabled: true, banned: true },
    refusedOn: { disabled: true, banned: false },
    refusal: 'AccountAlreadyDisabled',
    event: 'USER_DISABLE',
    details: (email) => ({ email }),
    webhook: 'user.disabled',
    cancels: true,
  },
  {
    name: 'EnableAccountAsOperator',
    run: (u, i) => u.enableAccountAsOperator.execute(i),
    from: { disabled: true, banned: false },
    to: { disabled: false, banned: false },
    refusedOn: { disabled: false, banned: true },
    refusal: 'AccountNotDisabled',
    event: 'USER_UPDATE',
    details: () => ({ action: 'account_enabled' }),
    webhook: 'user.enabled',
    cancels: false,
  },
  {
    name: 'BanAccountAsOperator',
    run: (u, i) => u.banAccountAsOperator.execute(i),
    from: { disabled: true, banned: false },
    to: { disabled: true, banned: true },
    refusedOn: { disabled: false, banned: true },
    refusal: 'AccountAlreadyBanned',
    event: 'USER_BAN',
    details: (email) => ({ email }),
    webhook: 'user.banned',
    cancels: true,
  },
  {
    name: 'UnbanAccountAsOperator',
    run: (u, i) => u.unbanAccountAsOperator.execute(i),
    from: { disabled: true, banned: true },
    to: { disabled: true, banned: false },
    refusedOn: { disabled: true, banned: false },
    refusal: 'AccountNotBanned',
    event: 'USER_UPDATE',
    details: () => ({ action: 'account_unbanned' }),
    webhook: 'user.unbanned',
    cancels: false,
  },
];

describe.each(CHANGES)('$name', (change) => {
  it('changes the flags without a password, audits the actor and reason, queues the webhook and cancels as the owner would', async () => {
    const t = setUp();
    // No password hash at all: the owner could not re-authenticate, the operator needs none.
    const user = t.addUser({ ...change.from, passwordHash: null });
    t.addEntitlement(user.id, { billingSubscriptionId: 'sub_1' });

    expect(await change.run(t.useCases, { userId: user.id, actorId: ACTOR, reason: REASON })).toEqual({
      ok: true,
      value: undefined,
    });

    expect(t.userIn(user.id)).toMatchObject(change.to);
    expect(t.db.auditOf(user.id)).toEqual([
      {
        userId: user.id,
        event: change.event,
        details: { ...change.details(user.email), actorId: ACTOR, reason: REASON },
      },
    ]);
    const webhooks = t.db.outbox.flatMap((entry) => (entry.kind === 'webhook' ? [entry.payload.type] : []));
    expect(webhooks).toEqual([change.webhook]);
    expect(t.ports.billing.cancellations).toEqual(
      change.cancels ? [{ subscriptionId: 'sub_1', mode: 'at-period-end' }] : [],
    );
  });

  it(`answers ${change.refusal} and changes nothing on an account it does not apply to`, async () => {
    const t = setUp();
    const user = t.addUser(change.refusedOn);
    expect(await change.run(t.useCases, { userId: user.id, actorId: ACTOR, reason: REASON })).toEqual({
      ok: false,
      error: { type: change.refusal },
    });
    expect(t.userIn(user.id)).toEqual(user);
    expect(t.db.auditRecords).toEqual([]);
  });

  it('answers UserNotFound for an unknown account, and InvalidReason for a blank or too long reason', async () => {
    const t = setUp();
    const user = t.addUser(change.from);
    expect(await change.run(t.useCases, { userId: 'nobody', actorId: ACTOR, reason: REASON })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      expect(await change.run(t.useCases, { userId: user.id, actorId: ACTOR, reason })).toEqual({
        ok: false,
        error: { type: 'InvalidReason' },
      });
    }
    expect(
      await change.run(t.useCases, { userId: user.id, actorId: ACTOR, reason: '😀'.repeat(500) }),
    ).toMatchObject({
      ok: true,
    });
    expect(t.db.auditRecords).toHaveLength(1);
  });
});

/** A passkey stored for `userId` through the port, as registration would store it. */
async function addPasskey(t: { ports: { passkeys: PasskeyRepository } }, userId: string, name: string) {
  const added = await t.ports.passkeys.add({
    userId,
    credentialId: `credential-${userId}-${name}`,
    publicKey: 'public-key',
    counter: 0,
    transports: ['internal'],
    name,
  });
  if (!added.ok) throw new Error('passkey not added');
  return added.value;
}

describe('ResetTwoFactor', () => {
  it('turns TOTP off and removes the secret, the backup codes and the passkeys, audited with the actor', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ disabled: true });
    await addPasskey(t, user.id, 'Laptop');
    const other = t.addUserWithTwoFactor();
    await addPasskey(t, other.id, 'Phone');

    expect(
      await t.useCases.resetTwoFactor.execute({ userId: user.id, actorId: ACTOR, reason: REASON }),
    ).toEqual({
      ok: true,
      value: undefined,
    });

    expect(t.userIn(user.id)).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      disabled: true,
    });
    expect(t.backupCodesOf(user.id)).toEqual([]);
    expect(await t.ports.passkeys.countByUser(user.id)).toBe(0);
    expect(t.db.auditOf(user.id)).toEqual([
      { userId: user.id, event: 'TWO_FACTOR_DISABLE', details: { actorId: ACTOR, reason: REASON } },
    ]);
    // Someone else's factors are untouched.
    expect(t.userIn(other.id)?.twoFactorEnabled).toBe(true);
    expect(t.backupCodesOf(other.id)).toHaveLength(BACKUP_CODES.length);
    expect(await t.ports.passkeys.countByUser(other.id)).toBe(1);
  });

  it('lets the owner set 2FA up and confirm it again afterwards', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    await t.useCases.resetTwoFactor.execute({ userId: user.id, actorId: ACTOR, reason: REASON });
    t.ports.clock.advance(60_000);
    const setup = await t.useCases.setUpTwoFactor.execute({ userId: user.id });
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    const confirmed = await t.useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: setup.value.secret,
      verificationCode: t.code(0, setup.value.secret),
    });
    expect(confirmed.ok).toBe(true);
    expect(t.userIn(user.id)?.twoFactorEnabled).toBe(true);
  });

  it('answers UserNotFound and InvalidReason, changing nothing', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    expect(
      await t.useCases.resetTwoFactor.execute({ userId: 'nobody', actorId: ACTOR, reason: REASON }),
    ).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(await t.useCases.resetTwoFactor.execute({ userId: user.id, actorId: ACTOR, reason: ' ' })).toEqual(
      {
        ok: false,
        error: { type: 'InvalidReason' },
      },
    );
    expect(t.userIn(user.id)?.twoFactorEnabled).toBe(true);
    expect(t.db.auditRecords).toEqual([]);
  });
});

describe('ShowAccount', () => {
  it('shows an account by id and by email (ignoring case), with its entitlements and passkey count, never a secret', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ email: 'Ada@Example.com', displayName: 'Ada' });
    t.addEntitlement(user.id, {
      tier: 'enterprise',
      billingCustomerId: 'cus_1',
      billingSubscriptionId: 'sub_1',
      metadata: { customDomain: 'files.example.com', customDomainVerified: true, other: 'x' },
    });
    await addPasskey(t, user.id, 'Key');
    const expected = {
      id: user.id,
      email: 'Ada@Example.com',
      displayName: 'Ada',
      twoFactorEnabled: true,
      disabled: false,
      banned: false,
      createdAt: IN_MEMORY_CREATED_AT,
      passkeys: 1,
      entitlements: [
        {
          service: 'DROP',
          tier: 'enterprise',
          billingCustomerId: 'cus_1',
          billingSubscriptionId: 'sub_1',
          customDomain: 'files.example.com',
          customDomainVerified: true,
        },
      ],
    };
    expect(await t.useCases.showAccount.execute({ userId: user.id })).toEqual({ ok: true, value: expected });
    expect(await t.useCases.showAccount.execute({ email: 'ada@example.COM' })).toEqual({
      ok: true,
      value: expected,
    });
    expect(await t.useCases.showAccount.execute({ email: 'ada@example.org' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(await t.useCases.showAccount.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
  });
});

describe('ListAccountSecurityEvents', () => {
  it("pages an account's events as the owner's own read does, and answers UserNotFound for an unknown account", async () => {
    const t = setUp();
    const user = t.addUser();
    for (let i = 0; i < 3; i++) {
      await t.ports.auditLog.append({ userId: user.id, event: 'USER_UPDATE', details: { n: i } });
      t.ports.clock.advance(1000);
    }
    const first = await t.useCases.listAccountSecurityEvents.execute({ userId: user.id, limit: 2 });
    const own = await t.useCases.listSecurityEvents.execute({ userId: user.id, limit: 2 });
    if (!first.ok || !own.ok) throw new Error('no page');
    expect(first.value.events).toEqual(own.value.events);
    expect(first.value.events.map((event) => event.details.n)).toEqual([2, 1]);
    const second = await t.useCases.listAccountSecurityEvents.execute({
      userId: user.id,
      limit: 2,
      cursor: first.value.nextCursor ?? undefined,
    });
    expect(second).toMatchObject({ ok: true, value: { nextCursor: null } });
    expect(await t.useCases.listAccountSecurityEvents.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(await t.useCases.listAccountSecurityEvents.execute({ userId: user.id, limit: 0 })).toEqual({
      ok: false,
      error: { type: 'InvalidPageLimit' },
    });
  });
});

describe('ExportAccount', () => {
  it('exports the account, its entitlements, passkeys and every event newest first, reading the events page by page', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    t.addEntitlement(user.id, { billingCustomerId: 'cus_9' });
    const { id, name, createdAt, lastUsedAt } = await addPasskey(t, user.id, 'Key');
    const passkey = { id, name, createdAt, lastUsedAt };
    const seenAt = t.ports.clock.now();
    const expiresAt = new Date(seenAt.getTime() + 3_600_000);
    const session = { userId: user.id, at: seenAt, expiresAt, address: '192.0.2.7', userAgent: null };
    await t.ports.sessions.record({ ...session, key: 'sid:a', sid: 'a' });
    await t.ports.sessions.record({ ...session, key: 'jti:b', sid: null });
    const [revoked] = await t.ports.sessions.revokeLive(user.id, seenAt, null);
    for (let i = 0; i < 7; i++) {
      await t.ports.auditLog.append({ userId: user.id, event: 'USER_UPDATE', details: { n: i } });
      t.ports.clock.advance(1000);
    }
    const reads: number[] = [];
    const listByUser = t.ports.auditLog.listByUser.bind(t.ports.auditLog);
    t.ports.auditLog.listByUser = async (userId, page) => {
      const rows = await listByUser(userId, page);
      reads.push(rows.length);
      return rows;
    };

    const exported = await t.useCases.exportAccount.execute({ userId: user.id, pageSize: 3 });
    if (!exported.ok) throw new Error('no export');
    const { securityEvents, ...rest } = exported.value;
    expect(rest).toEqual({
      exportedAt: t.ports.clock.now(),
      account: {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        twoFactorEnabled: true,
        disabled: false,
        banned: false,
        createdAt: IN_MEMORY_CREATED_AT,
      },
      entitlements: [expect.objectContaining({ service: 'DROP', billingCustomerId: 'cus_9' })],
      passkeys: [passkey],
      domainVerification: null,
      signInFailures: [],
      deliveries: [],
      sessions: [
        expect.objectContaining({ revokedAt: seenAt, lastSeenAt: seenAt, address: '192.0.2.7' }),
        expect.objectContaining({ revokedAt: seenAt, expiresAt, userAgent: null }),
      ],
    });
    expect(revoked).toBeDefined();
    // Neither the key nor the sid is exported.
    expect(JSON.stringify(rest.sessions)).not.toMatch(/sid:a|jti:b|"sid"|"key"/);
    // Nothing is read before the events are consumed.
    expect(reads).toEqual([]);
    const events = [];
    for await (const event of securityEvents) events.push(event);
    expect(events.map((event) => event.details.n)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(events[0]).toEqual({
      id: expect.any(String) as unknown,
      event: 'USER_UPDATE',
      details: { n: 6 },
      createdAt: expect.any(Date) as unknown,
    });
    expect(reads).toEqual([3, 3, 1]);
  });

  it('answers UserNotFound for an unknown account', async () => {
    const t = setUp();
    expect(await t.useCases.exportAccount.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
  });
});

describe('ExportAccountAsOperator', () => {
  it("audits USER_EXPORT with the actor and reason for the owner to see, queues no webhook, and gives the owner's export", async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ disabled: true });
    await t.ports.auditLog.append({ userId: user.id, event: 'USER_UPDATE', details: { n: 1 } });

    const exported = await t.useCases.exportAccountAsOperator.execute({
      userId: user.id,
      actorId: ACTOR,
      reason: REASON,
    });
    if (!exported.ok) throw new Error('no export');
    const owners = await t.useCases.exportAccount.execute({ userId: user.id });
    if (!owners.ok) throw new Error('no export');
    const { securityEvents, ...document } = exported.value;
    const { securityEvents: ownEvents, ...ownDocument } = owners.value;
    expect(document).toEqual(ownDocument);

    const events = [];
    for await (const event of securityEvents) events.push(event);
    // The document holds its own record, newest first.
    expect(events.map(({ event, details }) => ({ event, details }))).toEqual([
      { event: 'USER_EXPORT', details: { actorId: ACTOR, reason: REASON } },
      { event: 'USER_UPDATE', details: { n: 1 } },
    ]);
    const own = [];
    for await (const event of ownEvents) own.push(event);
    expect(own).toEqual(events);
    expect(t.db.auditOf(user.id)).toContainEqual({
      userId: user.id,
      event: 'USER_EXPORT',
      details: { actorId: ACTOR, reason: REASON },
    });
    expect(t.db.outbox).toEqual([]);
  });

  it('answers UserNotFound and InvalidReason, recording nothing', async () => {
    const t = setUp();
    const user = t.addUser();
    expect(
      await t.useCases.exportAccountAsOperator.execute({ userId: 'nobody', actorId: ACTOR, reason: REASON }),
    ).toEqual({ ok: false, error: { type: 'UserNotFound' } });
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      expect(
        await t.useCases.exportAccountAsOperator.execute({ userId: user.id, actorId: ACTOR, reason }),
      ).toEqual({ ok: false, error: { type: 'InvalidReason' } });
    }
    expect(t.db.auditRecords).toEqual([]);
  });
});
