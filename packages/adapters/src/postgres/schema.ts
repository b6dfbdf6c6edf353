import type { AuditDetails, Metadata, OutboxStatus } from '@accounts/domain';
import type { ColumnType, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/** `bigint` as read: a string from `pg`, a number (or a bigint when unsafe) from PGlite. */
export type Int8 = string | number | bigint;

/** A `bigint` identity column: generated on insert, read as {@link Int8}. */
type Identity = ColumnType<Int8, never, never>;

/** A timestamp the database fills in with `now()` unless given. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: string;
  email: string;
  display_name: ColumnType<string, string | undefined, string>;
  password_hash: string | null;
  two_factor_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  two_factor_secret: string | null;
  /** Added by 002_hardening. */
  two_factor_last_step: ColumnType<Int8 | null, number | null | undefined, number | null>;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  banned: ColumnType<boolean, boolean | undefined, boolean>;
  /** Added by 002_hardening; unused since 007_auth_failures. */
  failed_auth_count: ColumnType<number, number | undefined, number>;
  /** Added by 002_hardening; unused since 007_auth_failures. */
  failed_auth_window_started_at: Date | null;
  /** Added by 007_auth_failures: bumped by every change of the account's failure counts. */
  auth_failures_version: ColumnType<Int8, number | undefined, number>;
  /** Added by 007_auth_failures: failures on the account, from any client, since its last success. */
  account_failures: ColumnType<number, number | undefined, number>;
  /** Added by 007_auth_failures. */
  account_failures_since: Date | null;
  /** Added by 007_auth_failures. */
  account_locked_until: Date | null;
  /** Added by 007_auth_failures: account locks since the last success. */
  account_locks: ColumnType<number, number | undefined, number>;
  /** Added by 011_sessions: tokens issued before it are refused (the account's sign-out moment). */
  sessions_issued_before: Date | null;
  /** Added by 011_sessions: the session whose tokens the sign-out moment spares (revoke-others). */
  sessions_kept_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceAccessTable {
  id: Identity;
  user_id: string;
  service: string;
  tier: string;
  billing_subscription_id: string | null;
  billing_customer_id: string | null;
  metadata: Metadata | null;
}

export interface AuditLogsTable {
  id: Identity;
  user_id: string;
  event: string;
  details: ColumnType<AuditDetails, AuditDetails | undefined, AuditDetails>;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** A random UUID by default since 011_sessions. */
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  expires_at: Date;
  created_at: Timestamp;
  /**
   * Added by 011_sessions: `sid:…`, `jti:…` or `signed:…` (of the token's signed part; `sha256:…`
   * of the whole token before); null matches no token.
   */
  key: string | null;
  /** Added by 011_sessions. */
  sid: string | null;
  /** Added by 011_sessions. */
  last_seen_at: Timestamp;
  /** Added by 011_sessions. */
  address: string | null;
  /** Added by 011_sessions. */
  user_agent: string | null;
  /** Added by 011_sessions. */
  revoked_at: Date | null;
  /** Added by 012_session_pages: `last_seen_at` before its latest move; null before the first. */
  previous_seen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Added by 002_hardening. */
export interface BackupCodesTable {
  id: Identity;
  user_id: string;
  code_hash: string;
}

/** Added by 007_auth_failures: one row per account and client with failures since its last success. */
export interface AuthFailuresTable {
  user_id: string;
  client: string;
  failures: number;
  since: Date | null;
  locked_until: Date | null;
  locks: number;
}

/** Added by 004_account_page. */
export interface DomainVerificationsTable {
  user_id: string;
  domain: string;
  token: string;
  status: 'pending' | 'verified' | 'failed';
  connected_at: Date;
  checked_at: Date | null;
  verified_at: Date | null;
}

/** Added by 004_account_page. */
export interface ServerKeysTable {
  name: string;
  key: string;
  created_at: Timestamp;
}

/** Added by 003_outbox. `payload` as the application's OutboxMessage holds it for the kind. */
export interface OutboxTable {
  id: string;
  seq: Identity;
  /** A channel's kind (`billing.cancel`, `webhook`, or an added channel's). */
  kind: string;
  user_id: string;
  payload: unknown;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  done_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Added by 008_passkeys. */
export interface PasskeysTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: ColumnType<Int8, number, number>;
  transports: ColumnType<string[], unknown, unknown>;
  name: string;
  created_at: Timestamp;
  last_used_at: Date | null;
}

/** Added by 008_passkeys. */
export interface PasskeyChallengesTable {
  id: Identity;
  user_id: string;
  ceremony: 'registration' | 'authentication';
  challenge: string;
  expires_at: Date;
}

/** Added by 013_ssf_streams. */
export interface SsfStreamsTable {
  id: string;
  receiver: string;
  delivery_method: string;
  endpoint_url: string;
  authorization_header: string | null;
  events_requested: ColumnType<string[] | null, string | null, string | null>;
  events_delivered: ColumnType<string[], string, string>;
  description: string | null;
  status: ColumnType<string, string | undefined, string>;
  status_reason: string | null;
  last_verification_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Added by 013_ssf_streams. */
export interface SsfExcludedSubjectsTable {
  stream_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** Added by 014_provider_logouts: ids a token may carry once, by scope, until `expires_at`. */
export interface UsedTokenIdsTable {
  scope: string;
  id: string;
  expires_at: Date;
}

/** Added by 014_provider_logouts: the `sid`s the provider signed out (with its `sub` when given). */
export interface RefusedSidsTable {
  sid: string;
  sub: string | null;
  refused_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  service_access: ServiceAccessTable;
  audit_logs: AuditLogsTable;
  sessions: SessionsTable;
  backup_codes: BackupCodesTable;
  auth_failures: AuthFailuresTable;
  domain_verifications: DomainVerificationsTable;
  server_keys: ServerKeysTable;
  outbox: OutboxTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  ssf_streams: SsfStreamsTable;
  ssf_excluded_subjects: SsfExcludedSubjectsTable;
  used_token_ids: UsedTokenIdsTable;
  refused_sids: RefusedSidsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ServiceAccessRow = Selectable<ServiceAccessTable>;
export type DomainVerificationRow = Selectable<DomainVerificationsTable>;
export type OutboxRow = Selectable<OutboxTable>;

/** What a repository runs on: the database, or a transaction a unit of work hands it. */
export type DatabaseExecutor = Kysely<Database> | Transaction<Database>;
