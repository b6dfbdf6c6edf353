import type { StateChange } from './account-state-change.js';

/**
 * Disable, enable, ban and unban, the same whether the owner (after re-authentication) or an
 * operator (with who acted and why added to the audit details) asks for it.
 */
export const ACCOUNT_STATE_CHANGES = {
  /** Suspends an active account; its subscriptions are cancelled at period end. */
  disable: {
    operation: 'disable-account',
    audit: (user) => ({ event: 'USER_DISABLE', details: { email: user.email } }),
    cancellations: 'at-period-end',
  },
  /** Re-enables a disabled account; billing is not touched. */
  enable: {
    operation: 'enable-account',
    audit: () => ({ event: 'USER_UPDATE', details: { action: 'account_enabled' } }),
  },
  /** Bans an active account; its subscriptions are cancelled at period end. */
  ban: {
    operation: 'ban-account',
    audit: (user) => ({ event: 'USER_BAN', details: { email: user.email } }),
    cancellations: 'at-period-end',
  },
  /** Lifts a ban; billing is not touched. */
  unban: {
    operation: 'unban-account',
    audit: () => ({ event: 'USER_UPDATE', details: { action: 'account_unbanned' } }),
  },
} as const satisfies Record<string, StateChange>;
