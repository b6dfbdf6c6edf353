import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_OPERATIONS,
  banAccount,
  disableAccount,
  enableAccount,
  mayCall,
  unbanAccount,
  type AccountFlags,
  type AccountOperation,
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

describe('disableAccount', () => {
  it.each(FLAGS)('sets disabled and keeps the ban flag of a %s account', (_name, flags) => {
    expect(disableAccount(flags)).toEqual({ disabled: true, banned: flags.banned });
  });
});

describe('banAccount', () => {
  it.each(FLAGS)('sets banned and keeps the disabled flag of a %s account', (_name, flags) => {
    expect(banAccount(flags)).toEqual({ disabled: flags.disabled, banned: true });
  });
});

describe('enableAccount', () => {
  it.each<[string, AccountFlags, AccountFlags]>([
    ['disabled', DISABLED, ACTIVE],
    ['disabled and banned', BOTH, BANNED],
  ])('clears the disabled flag of a %s account and keeps the ban', (_name, flags, expected) => {
    expect(enableAccount(flags)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, AccountFlags]>([
    ['active', ACTIVE],
    ['banned', BANNED],
  ])('refuses a %s account with AccountNotDisabled', (_name, flags) => {
    expect(enableAccount(flags)).toEqual({ ok: false, error: { type: 'AccountNotDisabled' } });
  });
});

describe('unbanAccount', () => {
  it.each<[string, AccountFlags, AccountFlags]>([
    ['banned', BANNED, ACTIVE],
    ['disabled and banned', BOTH, DISABLED],
  ])('clears the banned flag of a %s account and keeps the disable', (_name, flags, expected) => {
    expect(unbanAccount(flags)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, AccountFlags]>([
    ['active', ACTIVE],
    ['disabled', DISABLED],
  ])('refuses a %s account with AccountNotBanned', (_name, flags) => {
    expect(unbanAccount(flags)).toEqual({ ok: false, error: { type: 'AccountNotBanned' } });
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
