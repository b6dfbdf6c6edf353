import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';

/** Two independent flags; existence is the presence of the record. */
export type AccountFlags = { readonly disabled: boolean; readonly banned: boolean };

export function disableAccount(flags: AccountFlags): AccountFlags {
  return { ...flags, disabled: true };
}

export function banAccount(flags: AccountFlags): AccountFlags {
  return { ...flags, banned: true };
}

export function enableAccount(flags: AccountFlags): Result<AccountFlags, ErrorOf<'AccountNotDisabled'>> {
  if (!flags.disabled) return err({ type: 'AccountNotDisabled' });
  return ok({ ...flags, disabled: false });
}

export function unbanAccount(flags: AccountFlags): Result<AccountFlags, ErrorOf<'AccountNotBanned'>> {
  if (!flags.banned) return err({ type: 'AccountNotBanned' });
  return ok({ ...flags, banned: false });
}

/** What the gate is asked about: one entry per operation of the interface. */
export const ACCOUNT_OPERATIONS = [
  'two-factor', // setting up, confirming or disabling 2FA alike
  'get-custom-domain',
  'connect-custom-domain',
  'disconnect-custom-domain',
  'disable-account',
  'enable-account',
  'ban-account',
  'unban-account',
  'delete-account',
  'open-billing-portal',
] as const;

export type AccountOperation = (typeof ACCOUNT_OPERATIONS)[number];

/**
 * Disabled and banned accounts cannot authenticate, except to delete themselves or to call the
 * restore operation that clears a flag they have. A ban outranks a disable in the answer.
 */
export function mayCall(
  flags: AccountFlags,
  operation: AccountOperation,
): Result<void, ErrorOf<'AccountDisabled' | 'AccountBanned'>> {
  if (!flags.disabled && !flags.banned) return ok();
  if (operation === 'delete-account') return ok();
  if (operation === 'enable-account' && flags.disabled) return ok();
  if (operation === 'unban-account' && flags.banned) return ok();
  return err({ type: flags.banned ? 'AccountBanned' : 'AccountDisabled' });
}
