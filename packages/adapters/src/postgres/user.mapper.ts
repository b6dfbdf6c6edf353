import type { AccountFlags } from '@accounts/domain';
import type { UserAccount } from '@accounts/application';
import { toNullableNumber } from './column-values.js';
import type { UserRow } from './schema.js';

export const USER_COLUMNS = [
  'id',
  'email',
  'display_name',
  'password_hash',
  'two_factor_enabled',
  'two_factor_secret',
  'two_factor_last_step',
  'disabled',
  'banned',
] as const satisfies readonly (keyof UserRow)[];

export type UserColumns = Pick<UserRow, (typeof USER_COLUMNS)[number]>;

export function toUserAccount(row: UserColumns): UserAccount {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    twoFactorEnabled: row.two_factor_enabled,
    twoFactorSecret: row.two_factor_secret,
    twoFactorLastStep: toNullableNumber(row.two_factor_last_step),
    disabled: row.disabled,
    banned: row.banned,
  };
}

export function toAccountFlags(row: Pick<UserRow, 'disabled' | 'banned'>): AccountFlags {
  return { disabled: row.disabled, banned: row.banned };
}
