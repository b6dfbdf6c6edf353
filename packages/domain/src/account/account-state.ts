import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';

/** Two independent flags; existence is the presence of the record. */
export type AccountFlags = { readonly disabled: boolean; readonly banned: boolean };

/** Neither flag: what disable and ban need. */
const ACTIVE: AccountFlags = { disabled: false, banned: false };

/** The operations that change the account's state. */
export type AccountStateOperation = Extract<
  AccountOperation,
  'disable-account' | 'enable-account' | 'ban-account' | 'unban-account' | 'delete-account'
>;

/**
 * A change of the account's state as a compare-and-set: the flags it needs (`from`: exactly the
 * states in which the operation is allowed, so a change that finds other flags was refused) and
 * the flags it sets (`to`). Delete needs only that the account exists and sets nothing before it
 * removes it.
 */
export type FlagChange = { readonly from: Partial<AccountFlags>; readonly to: Partial<AccountFlags> };

export type AccountStateError = ErrorOf<
  'AccountDisabled' | 'AccountBanned' | 'AccountNotDisabled' | 'AccountNotBanned'
>;

/**
 * What `operation` changes on an account with `flags`, or why it is refused: first the gate (a
 * disabled or banned account may only restore itself or delete itself), then the state (re-enable
 * needs a disabled account, unban a banned one).
 */
export function accountStateChange(
  flags: AccountFlags,
  operation: AccountStateOperation,
): Result<FlagChange, AccountStateError> {
  const allowed = mayCall(flags, operation);
  if (!allowed.ok) return allowed;
  switch (operation) {
    case 'disable-account':
      return ok({ from: ACTIVE, to: { disabled: true } });
    case 'ban-account':
      return ok({ from: ACTIVE, to: { banned: true } });
    case 'enable-account':
    case 'unban-account':
      return liftChange(flags, operation);
    case 'delete-account':
      return ok({ from: {}, to: {} });
  }
}

/**
 * Re-enable or unban, the owner's and an operator's alike: the flag it lifts must be set
 * (re-enable needs a disabled account, unban a banned one), and it is cleared.
 */
export function liftChange(
  flags: AccountFlags,
  operation: 'enable-account' | 'unban-account',
): Result<FlagChange, ErrorOf<'AccountNotDisabled' | 'AccountNotBanned'>> {
  if (operation === 'enable-account') {
    if (!flags.disabled) return err({ type: 'AccountNotDisabled' });
    return ok({ from: { disabled: true }, to: { disabled: false } });
  }
  if (!flags.banned) return err({ type: 'AccountNotBanned' });
  return ok({ from: { banned: true }, to: { banned: false } });
}

/** Whether `flags` has every flag of `expected` as given. */
export function hasFlags(flags: AccountFlags, expected: Partial<AccountFlags>): boolean {
  return (
    (expected.disabled === undefined || flags.disabled === expected.disabled) &&
    (expected.banned === undefined || flags.banned === expected.banned)
  );
}

/** What the gate is asked about: one entry per operation of the interface. */
export const ACCOUNT_OPERATIONS = [
  'two-factor', // setting up, confirming or disabling 2FA alike
  'get-two-factor',
  'regenerate-backup-codes',
  'get-custom-domain',
  'connect-custom-domain',
  'disconnect-custom-domain',
  'get-custom-domain-verification',
  'verify-custom-domain',
  'list-security-events',
  'disable-account',
  'enable-account',
  'ban-account',
  'unban-account',
  'delete-account',
  'open-billing-portal',
  'passkeys', // registering, listing and removing passkeys alike
  // The options of a passkey assertion: a disabled or banned account needs one to restore or
  // delete itself when a passkey is its second factor.
  'passkey-authentication-options',
  'export-account',
  'sessions', // listing and revoking sessions, signing out everywhere alike
] as const;

export type AccountOperation = (typeof ACCOUNT_OPERATIONS)[number];

/**
 * Disabled and banned accounts cannot authenticate, except to delete themselves or to call the
 * restore operation that clears a flag they have (and to get the passkey options either needs). A ban outranks a disable in the answer.
 */
export function mayCall(
  flags: AccountFlags,
  operation: AccountOperation,
): Result<void, ErrorOf<'AccountDisabled' | 'AccountBanned'>> {
  if (!flags.disabled && !flags.banned) return ok();
  if (operation === 'delete-account' || operation === 'passkey-authentication-options') return ok();
  if (operation === 'enable-account' && flags.disabled) return ok();
  if (operation === 'unban-account' && flags.banned) return ok();
  return err({ type: flags.banned ? 'AccountBanned' : 'AccountDisabled' });
}
