import { describe, expect, it } from 'vitest';
import {
  accountStateChange,
  ACCOUNT_OPERATIONS,
  hasFlags,
  mayCall,
  type AccountFlags,
  type AccountOperation,
  type AccountStateError,
  type AccountStateOperation,
  type FlagChange,
} from '@accounts/domain';

const ACTIVE: AccountFlags = { disabled: false, banned: false };
const DISABLED: AccountFlags = { disabled: true, banned: false };
const BANNED: AccountFlags = { disabled: false, banned: true };
const BOTH: AccountFlags = { disabled: true, banned: true };

const FLAGS: [string, AccountFlags][] = [
  ['active', ACTIVE],
  ['disabled', DISABLED],
  ['banned', BANNED],
  ['disabled and banned', BOTH],
];

describe('accountStateChange', () => {
  type Outcome = 'ok' | AccountStateError['type'];
  // Columns: active, disabled, banned, disabled and banned.
  const TABLE: [AccountStateOperation, FlagChange, Outcome, Outcome, Outcome, Outcome][] = [
    [
      'disable-account',
      { from: ACTIVE, to: { disabled: true } },
      'ok',
      'AccountDisabled',
      'AccountBanned',
      'AccountBanned',
    ],
    [
      'enable-account',
      { from: { disabled: true }, to: { disabled: false } },
      'AccountNotDisabled',
      'ok',
      'AccountBanned',
      'ok',
    ],
    [
      'ban-account',
      { from: ACTIVE, to: { banned: true } },
      'ok',
      'AccountDisabled',
      'AccountBanned',
      'AccountBanned',
    ],
    [
      'unban-account',
      { from: { banned: true }, to: { banned: false } },
      'AccountNotBanned',
      'AccountDisabled',
      'ok',
      'ok',
    ],
    ['delete-account', { from: {}, to: {} }, 'ok', 'ok', 'ok', 'ok'],
  ];

  const cases = TABLE.flatMap(([operation, change, ...outcomes]) =>
    FLAGS.map(([name, flags], i) => ({ operation, change, name, flags, outcome: outcomes[i]! })),
  );

  it.each(cases)('$operation of a $name account: $outcome', ({ operation, change, flags, outcome }) => {
    expect(accountStateChange(flags, operation)).toEqual(
      outcome === 'ok' ? { ok: true, value: change } : { ok: false, error: { type: outcome } },
    );
  });

  // The compare-and-set of a change finds its `from` exactly when the operation is allowed, so a
  // request whose change found other flags gets a refusal when it reads them again.
  it.each(cases)(
    '$operation of a $name account: the change needs exactly the flags that allow it',
    ({ change, flags, outcome }) => {
      expect(hasFlags(flags, change.from)).toBe(outcome === 'ok');
    },
  );

  it('answers the gate before the state, as a request through the gate gets it', () => {
    for (const [, flags] of FLAGS) {
      for (const operation of ['enable-account', 'unban-account'] as const) {
        const gate = mayCall(flags, operation);
        if (!gate.ok) expect(accountStateChange(flags, operation)).toEqual(gate);
      }
    }
  });
});

describe('hasFlags', () => {
  it.each<[string, Partial<AccountFlags>, boolean]>([
    ['nothing', {}, true],
    ['disabled', { disabled: true }, true],
    ['not banned', { banned: false }, true],
    ['both', { disabled: true, banned: false }, true],
    ['not disabled', { disabled: false }, false],
    ['banned', { banned: true }, false],
  ])('a disabled account has %s: %s', (_name, expected, has) => {
    expect(hasFlags(DISABLED, expected)).toBe(has);
  });
});

describe('mayCall', () => {
  type Outcome = 'ok' | 'AccountDisabled' | 'AccountBanned';
  // Columns: active, disabled, banned, disabled and banned.
  const TABLE: [AccountOperation, Outcome, Outcome, Outcome, Outcome][] = [
    ['two-factor', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['get-two-factor', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['regenerate-backup-codes', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['get-custom-domain', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['get-custom-domain-verification', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['verify-custom-domain', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['list-security-events', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['connect-custom-domain', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['disconnect-custom-domain', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['disable-account', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['enable-account', 'ok', 'ok', 'AccountBanned', 'ok'],
    ['ban-account', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['unban-account', 'ok', 'AccountDisabled', 'ok', 'ok'],
    ['delete-account', 'ok', 'ok', 'ok', 'ok'],
    ['open-billing-portal', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['passkeys', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['passkey-authentication-options', 'ok', 'ok', 'ok', 'ok'],
    ['export-account', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
    ['sessions', 'ok', 'AccountDisabled', 'AccountBanned', 'AccountBanned'],
  ];

  const cases = TABLE.flatMap(([operation, ...outcomes]) =>
    FLAGS.map(([name, flags], i) => ({ operation, name, flags, outcome: outcomes[i]! })),
  );

  it('covers every operation the gate is asked about', () => {
    expect(TABLE.map(([operation]) => operation).sort()).toEqual([...ACCOUNT_OPERATIONS].sort());
  });

  it.each(cases)('$operation by a $name account: $outcome', ({ operation, flags, outcome }) => {
    expect(mayCall(flags, operation)).toEqual(
      outcome === 'ok' ? { ok: true, value: undefined } : { ok: false, error: { type: outcome } },
    );
  });
});
