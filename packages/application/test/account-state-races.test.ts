import { describe, expect, it } from 'vitest';
import type { AccountFlags, Result } from '@accounts/domain';
import type {
  ReauthenticationInput,
  TransactionalPorts,
  UnitOfWork,
  UseCases,
  UserAccount,
} from '@accounts/application';
import { PASSWORD, setUp, type TestContext } from './support.js';

// "State and its audit record change together or not at all; races have exactly one winner."
const PARALLEL = 5;

type Race = {
  name: string;
  run: (useCases: UseCases, input: ReauthenticationInput) => Promise<Result<void, { type: string }>>;
  before: Partial<AccountFlags>;
  /** The flags after the winner; null: the account is gone. */
  after: AccountFlags | null;
  /** What the losers get: what a request that arrives after the winner gets. */
  loser: string;
  event: string;
  cancels: boolean;
};

const RACES: Race[] = [
  {
    name: 'DisableAccount',
    run: (u, i) => u.disableAccount.execute(i),
    before: {},
    after: { disabled: true, banned: false },
    loser: 'AccountDisabled',
    event: 'USER_DISABLE',
    cancels: true,
  },
  {
    name: 'EnableAccount',
    run: (u, i) => u.enableAccount.execute(i),
    before: { disabled: true },
    after: { disabled: false, banned: false },
    loser: 'AccountNotDisabled',
    event: 'USER_UPDATE',
    cancels: false,
  },
  {
    name: 'BanAccount',
    run: (u, i) => u.banAccount.execute(i),
    before: {},
    after: { disabled: false, banned: true },
    loser: 'AccountBanned',
    event: 'USER_BAN',
    cancels: true,
  },
  {
    name: 'UnbanAccount',
    run: (u, i) => u.unbanAccount.execute(i),
    before: { banned: true },
    after: { disabled: false, banned: false },
    loser: 'AccountNotBanned',
    event: 'USER_UPDATE',
    cancels: false,
  },
  {
    name: 'DeleteAccount',
    run: (u, i) => u.deleteAccount.execute(i),
    before: {},
    after: null,
    loser: 'UserNotFound',
    event: 'USER_DELETE',
    cancels: true,
  },
];

/**
 * What other requests commit around this request's units of work: `before[n]` just before its
 * n-th one starts (after this request read the account), `after[n]` just after it ended.
 */
class InterleavingUnitOfWork implements UnitOfWork {
  private runs = 0;

  constructor(
    private readonly inner: UnitOfWork,
    private readonly meanwhile: { before: (() => void)[]; after: (() => void)[] },
  ) {}

  async run<T, E>(work: (tx: TransactionalPorts) => Promise<Result<T, E>>): Promise<Result<T, E>> {
    const n = this.runs++;
    this.meanwhile.before[n]?.();
    const result = await this.inner.run(work);
    this.meanwhile.after[n]?.();
    return result;
  }
}

function withInterleaving() {
  const meanwhile = { before: [] as (() => void)[], after: [] as (() => void)[] };
  const t = setUp({}, (ports) => {
    ports.unitOfWork = new InterleavingUnitOfWork(ports.unitOfWork, meanwhile);
  });
  return { t, meanwhile };
}

/** Another request's committed change of the flags. */
const setFlags = (t: TestContext, user: UserAccount, flags: Partial<AccountFlags>) => () => {
  const current = t.userIn(user.id);
  if (current) t.db.users.set(user.id, { ...current, ...flags });
};

const subscribed = (t: TestContext, flags: Partial<AccountFlags>) => {
  const user = t.addUser({ email: 'ada@example.com', ...flags });
  t.addEntitlement(user.id, { billingSubscriptionId: 'sub_drop' });
  t.addEntitlement(user.id, { service: 'OTHER', billingSubscriptionId: 'sub_other' });
  return user;
};

describe.each(RACES)('$name with parallel requests', (race) => {
  it(`lets exactly one of ${PARALLEL} through: one audit record, one cancellation per subscription`, async () => {
    const t = setUp();
    const user = subscribed(t, race.before);

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => race.run(t.useCases, { userId: user.id, password: PASSWORD })),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: PARALLEL - 1 }, () => ({ ok: false, error: { type: race.loser } })),
    );
    const later = await race.run(t.useCases, { userId: user.id, password: PASSWORD });
    expect(later).toEqual({ ok: false, error: { type: race.loser } });

    const flags = t.userIn(user.id);
    expect(flags ? { disabled: flags.disabled, banned: flags.banned } : null).toEqual(race.after);
    // Every record given to the log, also one the account's removal took with it.
    expect(t.audit.appended.map((record) => record.event)).toEqual([race.event]);
    const cancelled = t.db.outbox.flatMap((entry) =>
      entry.kind === 'billing.cancel' ? [entry.payload.subscriptionId] : [],
    );
    expect(cancelled.sort()).toEqual(race.cancels ? ['sub_drop', 'sub_other'] : []);
    expect(t.ports.billing.cancellations.map((c) => c.subscriptionId).sort()).toEqual(cancelled);
  });
});

describe('a request whose change another request beat', () => {
  it('writes nothing and answers as the gate would when the account was banned after it was read', async () => {
    const { t, meanwhile } = withInterleaving();
    const user = subscribed(t, {});
    meanwhile.before.push(setFlags(t, user, { banned: true }));

    expect(await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD })).toEqual({
      ok: false,
      error: { type: 'AccountBanned' },
    });
    expect(t.userIn(user.id)).toMatchObject({ disabled: false, banned: true });
    expect(t.audit.appended).toEqual([]);
    expect(t.db.outbox).toEqual([]);
    expect(t.ports.billing.cancellations).toEqual([]);
  });

  it('answers UserNotFound when the account was deleted after it was read', async () => {
    const { t, meanwhile } = withInterleaving();
    const user = subscribed(t, { disabled: true });
    meanwhile.before.push(() => t.db.users.delete(user.id));

    expect(await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(t.audit.appended).toEqual([]);
  });

  it('changes the state when it reads it back as it allows the change (changed back meanwhile)', async () => {
    const { t, meanwhile } = withInterleaving();
    const user = subscribed(t, { disabled: true });
    // Re-enabled by another request just before this one's change, disabled again just after.
    meanwhile.before.push(setFlags(t, user, { disabled: false }));
    meanwhile.after.push(setFlags(t, user, { disabled: true }));

    expect(await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(t.userIn(user.id)).toMatchObject({ disabled: false });
    expect(t.audit.appended).toEqual([
      { userId: user.id, event: 'USER_UPDATE', details: { action: 'account_enabled' } },
    ]);
  });

  it('fails rather than retrying without end when the state keeps changing back', async () => {
    const { t, meanwhile } = withInterleaving();
    const user = subscribed(t, {});
    for (let i = 0; i < 20; i++) {
      meanwhile.before.push(setFlags(t, user, { disabled: true }));
      meanwhile.after.push(setFlags(t, user, { disabled: false }));
    }

    await expect(t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD })).rejects.toThrow(
      /kept changing/,
    );
    expect(t.audit.appended).toEqual([]);
    expect(t.db.outbox).toEqual([]);
  });
});

describe('parallel disables and bans of one account', () => {
  it('let exactly one through: one flag, one audit record, one cancellation per subscription', async () => {
    const t = setUp();
    const user = subscribed(t, {});

    const results = await Promise.all(
      Array.from({ length: PARALLEL + 1 }, (_, i) =>
        (i % 2 === 0 ? t.useCases.disableAccount : t.useCases.banAccount).execute({
          userId: user.id,
          password: PASSWORD,
        }),
      ),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const { disabled, banned } = t.userIn(user.id) ?? { disabled: false, banned: false };
    expect([disabled, banned].filter(Boolean)).toHaveLength(1);
    const refusal = { ok: false, error: { type: disabled ? 'AccountDisabled' : 'AccountBanned' } };
    expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: PARALLEL }, () => refusal));
    expect(t.audit.appended).toHaveLength(1);
    expect(t.ports.billing.cancellations).toHaveLength(2);
  });
});
