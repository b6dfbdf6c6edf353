export type AuditEvent =
  | 'TWO_FACTOR_ENABLE'
  | 'TWO_FACTOR_DISABLE'
  | 'TWO_FACTOR_BACKUP_CODES_REGENERATE'
  | 'USER_UPDATE'
  | 'USER_DISABLE'
  | 'USER_BAN'
  | 'USER_DELETE'
  | 'PASSKEY_ADD'
  | 'PASSKEY_REMOVE'
  | 'PASSKEY_COUNTER_REGRESSION'
  | 'SESSION_REVOKE'
  | 'SESSIONS_REVOKE'
  /** An operator exported the account's data (details `actorId`, `reason`): for the owner, no webhook. */
  | 'USER_EXPORT';

export type AuditDetails = Record<string, string | number | boolean | null>;

/**
 * What a revocation's webhook carries beyond the audit details (the `sid`s a provider ends its
 * sessions by): passed with the record to the webhook, never stored with it.
 */
type SessionRevocationFacts =
  | { kind: 'session'; sid: string | null }
  | { kind: 'sessions'; issuedBefore: string; sids: readonly string[] };

export type AuditRecord = {
  userId: string;
  event: AuditEvent;
  details: AuditDetails;
  /** Only on SESSION_REVOKE and SESSIONS_REVOKE records. */
  revocation?: SessionRevocationFacts;
  /** Only on PASSKEY_REMOVE: the removed passkey's transports (its SSF credential type); not stored. */
  removedPasskeyTransports?: readonly string[];
};

/** An audit record as the account's own security history shows it. */
export type SecurityEvent = { id: string; event: AuditEvent; details: AuditDetails; createdAt: Date };
