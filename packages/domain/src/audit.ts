export type AuditEvent =
  | 'TWO_FACTOR_ENABLE'
  | 'TWO_FACTOR_DISABLE'
  | 'TWO_FACTOR_BACKUP_CODES_REGENERATE'
  | 'USER_UPDATE'
  | 'USER_DISABLE'
  | 'USER_BAN'
  | 'USER_DELETE';

export type AuditDetails = Record<string, string | number | boolean | null>;

export type AuditRecord = { userId: string; event: AuditEvent; details: AuditDetails };
