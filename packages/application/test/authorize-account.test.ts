import { describe, expect, it } from 'vitest';
import type { AccountFlags, AccountOperation } from '@accounts/domain';
import { setUp } from './support.js';

type Outcome = 'ok' | 'AccountDisabled' | 'AccountBanned';

const FLAGS: [string, AccountFlags][] = [
  ['active', { disabled: false, banned: false }],
  ['disabled', { disabled: true, banned: false }],
  ['banned', { disabled: false, banned: true }],
  ['disabled and banned', { disabled: true, banned: true }],
];

// Columns: active, disabled, banned, disabled and banned.
const TABLE: [AccountOperation, Outcome, Outcome, Outcome, Outcome][] = [
  ['two-factor', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
  ['get-custom-domain', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
  ['connect-custom-domain', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
  ['disconnect-custom-domain', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
  ['disable-account', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
  ['enable-account', 'ok', 'ok', 'AccountBanned', 'ok'],
  ['ban-account', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
  ['unban-account', 'ok', 'AccountDisabled', 'ok', 'ok'],
  ['delete-account', 'ok', 'ok', 'ok', 'ok'],
  ['open-billing-portal', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
];

const cases = TABLE.flatMap(([operation, ...outcomes]) =>
  FLAGS.map(([state, flags], i) => ({ operation, state, flags, outcome: outcomes[i]! })),
);

describe('AuthorizeAccount', () => {
  it.each(cases)('$operation by a $state account: $outcome', async ({ operation, flags, outcome }) => {
    const t = setUp();
    const user = t.addUser(flags);

    expect(await t.useCases.authorizeAccount.execute({ userId: user.id, operation })).toEqual(
      outcome === 'ok' ? { ok: true, value: undefined } : { ok: false, error: { type: outcome } },
    );
  });

  it.each(TABLE.map(([operation]) => operation))(
    'lets %s through for a user that no longer exists',
    async (operation) => {
      const t = setUp();
      expect(await t.useCases.authorizeAccount.execute({ userId: 'nobody', operation })).toEqual({
        ok: true,
        value: undefined,
      });
    },
  );

  it('sees a disable at once', async () => {
    const t = setUp();
    const user = t.addUser();

    expect((await t.useCases.disableAccount.execute({ userId: user.id, password: 'correct horse' })).ok).toBe(
      true,
    );
    expect(
      await t.useCases.authorizeAccount.execute({ userId: user.id, operation: 'get-custom-domain' }),
    ).toEqual({
      ok: false,
      error: { type: 'AccountDisabled' },
    });
  });
});
