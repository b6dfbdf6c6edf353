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
  | 'PASSKEY_COUNTER_REGRESSION';

export type AuditDetails = Record<string, string | number | boolean | null>;

export type AuditRecord = { userId: string; event: AuditEvent; details: AuditDetails };

/** An audit record as the account's own security history shows it. */
export type SecurityEvent = { id: string; event: AuditEvent; details: AuditDetails; createdAt: Date };
