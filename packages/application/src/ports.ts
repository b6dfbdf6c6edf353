import type { SsfSetPayload, SsfStreamRepository } from './ssf/ssf-streams.js';
import type {
  AccountFlags,
  AuditPosition,
  AuditRecord,
  DomainVerification,
  DeliveryOutcome,
  DomainClaim,
  Entitlement,
  ErrorOf,
  FailureState,
  FlagChange,
  Metadata,
  NextState,
  OutboxStatus,
  Result,
  SecurityEvent,
  SessionRecord,
  SessionTouch,
  SignOutMoment,
  WebhookEvent,
} from '@accounts/domain';

/** The user record as the use cases see it. */
export type UserAccount = {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly passwordHash: string | null;
  readonly twoFactorEnabled: boolean;
  /** As stored: sealed by the SecretCipher, or a bare base32 value written before a key was set. */
  readonly twoFactorSecret: string | null;
  /** The last accepted TOTP time step; kept when 2FA is turned off, so codes stay single-use. */
  readonly twoFactorLastStep: number | null;
  readonly disabled: boolean;
  readonly banned: boolean;
};

export interface UserRepository {
  findById(id: string): Promise<UserAccount | null>;
  /**
   * The user as findById gives it, with the failure counts of `client` and of the account as
   * AuthFailureRepository.find gives them, in one read where they are stored together: a
   * re-authentication reads both before it reserves an attempt. Null for an unknown user.
   */
  findWithFailureCounts(id: string, client: string): Promise<UserWithFailureState | null>;
  /** The gate's read: one primary-key lookup. */
  findFlags(id: string): Promise<AccountFlags | null>;
  /**
   * The lock order of an account's writes: every unit of work that writes the account's rows
   * takes its users row first (this, or changeFlags as its first statement) and holds it until
   * the work ends, so two of them queue on that row and never wait for each other's other rows
   * in opposite orders (a deadlock). False when the user does not exist (any more).
   */
  lock(id: string): Promise<boolean>;
  setTwoFactor(id: string, state: { enabled: boolean; secret: string | null }): Promise<void>;
  /**
   * Conditional: turns 2FA on with `secret` only while it is off. False when it is already on
   * (a parallel confirm won), and then nothing changes.
   */
  enableTwoFactor(id: string, secret: string): Promise<boolean>;
  /**
   * Compare-and-set: replaces the stored secret only while it is still `current` (2FA not turned
   * off or confirmed again meanwhile). False when it is not.
   */
  replaceTwoFactorSecret(id: string, current: string, next: string): Promise<boolean>;
  /** Users with a stored TOTP secret, by id, strictly after `after` when given. */
  findTwoFactorSecrets(page: { after: string | null; limit: number }): Promise<StoredTwoFactorSecret[]>;
  /**
   * Compare-and-set, the first statement of an account-state change: sets `change.to` only while
   * the user exists with the flags `change.from`, and then holds the user's row until the
   * transaction ends (delete's empty change only takes the row), so a parallel change waits and
   * finds the new state. False when it does not: nothing changed.
   */
  changeFlags(id: string, change: FlagChange): Promise<boolean>;
  /**
   * Compare-and-set: records `step` as the last accepted TOTP step only when it is later than the
   * stored one. False when it is not (the code was used, perhaps by a parallel request).
   */
  consumeTotpStep(id: string, step: number): Promise<boolean>;
  /** Removes the user with its sessions, entitlements, audit records, backup codes and passkeys. */
  delete(id: string): Promise<void>;
}

export type StoredTwoFactorSecret = { readonly userId: string; readonly stored: string };

/** The failure counts of one account and client, and of the account, with the version they were read at. */
export type VersionedFailureState = { readonly version: number; readonly state: FailureState };

/** A user with the failure counts of one of its clients, read together. */
export type UserWithFailureState = { readonly user: UserAccount; readonly failures: VersionedFailureState };

/**
 * Failed password and code checks, per account and client and per account (docs/decisions.md, "Races
 * and abuse"). Every change goes through one conditional statement on the account's version, so
 * parallel requests never both take the last attempt.
 */
export interface AuthFailureRepository {
  /** The counts of `client` and of the account (version 0 while none were written); null for an unknown user. */
  find(userId: string, client: string): Promise<VersionedFailureState | null>;
  /**
   * Compare-and-set: writes `next` (this client's counts and the account's) only while the
   * account's failure state is still at `version`. False when another request changed it first.
   */
  save(userId: string, client: string, version: number, next: FailureState): Promise<boolean>;
  /**
   * A success: forgets this client's counts and the account's (other clients' stay). Returns the
   * version it left them at; null for an unknown user.
   */
  reset(userId: string, client: string): Promise<number | null>;
}

/** A session as stored: the record and the key its tokens are found by (null: no token matches it). */
export type StoredSession = SessionRecord & { readonly key: string | null };

/** What the check of a token needs of its session: whether it was revoked, and when to touch it. */
export type GateSession = Pick<SessionRecord, 'id' | 'lastSeenAt' | 'expiresAt' | 'revokedAt'>;

/** What a token's check reads beside the account's flags: the sign-out moment and the token's session. */
export type SessionState = { readonly signOut: SignOutMoment | null; readonly session: GateSession | null };

/** The gate's read for a token: the account's flags and its session state, in one query. */
export type SessionGateState = { readonly flags: AccountFlags } & SessionState;

/**
 * A page of the live sessions (decisions.md, Bounded lists): those that existed at `listedAt`,
 * the first page's time, are live at `now`, and come after `after` in the order they had at
 * `listedAt` (when each was last seen as of then, most recent first, then by id).
 */
export type SessionPageQuery = {
  readonly listedAt: Date;
  readonly now: Date;
  /** The last session of the previous page (SessionPosition's `seenAt` and `id`); null for the first. */
  readonly after: { readonly seenAt: string | null; readonly id: string } | null;
  readonly limit: number;
};

/** A listed session with its place in the order (`seenAt` null: not known, so last). */
export type PositionedSession = StoredSession & {
  readonly position: { readonly seenAt: string | null; readonly id: string };
};

/** A session seen for the first time. */
export type NewSession = {
  readonly userId: string;
  readonly key: string;
  readonly sid: string | null;
  /** First seen: its createdAt and lastSeenAt. */
  readonly at: Date;
  readonly expiresAt: Date;
  readonly address: string | null;
  readonly userAgent: string | null;
};

/** The sessions this service has seen (decisions.md, "Sessions and sign-out everywhere"). */
export interface SessionRepository {
  /** The account's flags and sign-out moment with the session of `key`, in one read; null for an unknown user. */
  findGate(userId: string, key: string): Promise<SessionGateState | null>;
  /**
   * Inserts the session unless one of the user with its key exists (a parallel first use won).
   * A user deleted meanwhile records nothing (no error).
   */
  record(session: NewSession): Promise<void>;
  /** Applies a use's changes to session `id`. */
  touch(id: string, touch: SessionTouch): Promise<void>;
  /**
   * Of the user's sessions keyed by any of `keys` (the old whole-token keys of one token), a
   * revoked one if there is one, else the most recently seen; null when none is.
   */
  findByLegacyKeys(userId: string, keys: readonly string[]): Promise<GateSession | null>;
  /**
   * Keys the user's session `id` by `key` from now on (a session keyed the old way, seen again);
   * false when another session of the user holds `key` already (a parallel first sight).
   */
  rekey(userId: string, id: string, key: string): Promise<boolean>;
  /** The session of `key`, if the user has one. */
  findByKey(userId: string, key: string): Promise<StoredSession | null>;
  /** Every session record of the user, live or not, most recently seen first. */
  listByUser(userId: string): Promise<StoredSession[]>;
  /** Up to `page.limit` of the user's live sessions, from where `page.after` left off. */
  listLive(userId: string, page: SessionPageQuery): Promise<PositionedSession[]>;
  /** Revokes session `id` of the user at `at` if it is live then; the session as it was, or null. */
  revoke(userId: string, id: string, at: Date): Promise<StoredSession | null>;
  /** Revokes every session of the user live at `at` but `exceptId`; those it revoked. */
  revokeLive(userId: string, at: Date, exceptId: string | null): Promise<StoredSession[]>;
  /** Sets the account's sign-out moment; false for an unknown user. */
  signOut(userId: string, moment: SignOutMoment): Promise<boolean>;
  /**
   * A session's first sight when its token carries a `sid`: if the provider signed that `sid` out
   * (refused for every account, or for this one), records the session already revoked (at the
   * refusal's time) and returns it; else null and nothing is written.
   */
  recordIfRefused(session: NewSession & { readonly sid: string }): Promise<GateSession | null>;
  /** Revokes every session live at `at` that carries `sid` (only `userId`'s when given); those it revoked. */
  revokeLiveBySid(sid: string, at: Date, userId: string | null): Promise<RevokedSession[]>;
  /** How many of the user's sessions are live at `at`, and how many of those carry a `sid`. */
  countLive(userId: string, at: Date): Promise<{ live: number; withSid: number }>;
  /** Keeps `sid` (for `sub` alone when given) refused from `at` on, whether or not a session carries it. */
  refuseSid(sid: string, sub: string | null, at: Date): Promise<void>;
}

/** A session revoked by its `sid`, with its account. */
export type RevokedSession = StoredSession & { readonly userId: string };

/** An account's flags with one of its entitlements: what a custom-domain change needs. */
export type AccountEntitlement = { flags: AccountFlags | null; entitlement: Entitlement | null };

/** An account's flags with the metadata of one of its entitlements: all that GET custom-domain shows. */
export type AccountMetadata = {
  flags: AccountFlags | null;
  /** Null without the entitlement or its metadata; metadata that is not a JSON object is `{}`. */
  metadata: Metadata | null;
};

export interface EntitlementRepository {
  findByService(userId: string, service: string): Promise<Entitlement | null>;
  /** The account's flags (null when the user does not exist) and its entitlement for `service`, in one read. */
  findWithAccountFlags(userId: string, service: string): Promise<AccountEntitlement>;
  /**
   * As findWithAccountFlags with the entitlement's metadata alone: all that GET custom-domain
   * shows, and every column more is parsed on every request.
   */
  findMetadataWithAccountFlags(userId: string, service: string): Promise<AccountMetadata>;
  /** Every entitlement of the user that has a billing subscription id. */
  findSubscribed(userId: string): Promise<Entitlement[]>;
  /**
   * Sets `keys` in the entitlement's metadata in one statement (SQL `||`), so a concurrent change
   * of another key is kept; metadata that is not a JSON object counts as an empty object. A
   * custom domain that another user's DROP entitlement holds (compared case-insensitively) gives
   * DomainInUse and changes nothing. No entitlement: nothing changes.
   */
  setMetadataKeys(
    userId: string,
    service: string,
    keys: Metadata,
  ): Promise<Result<void, ErrorOf<'DomainInUse'>>>;
  /**
   * The DROP entitlement that holds `domain` (compared case-insensitively), with the status of
   * its stored verification of that domain; null when no one holds it.
   */
  findDomainClaim(domain: string): Promise<DomainClaim | null>;
  /** Removes `keys` from the entitlement's metadata in one statement (SQL `-`). */
  removeMetadataKeys(userId: string, service: string, keys: readonly string[]): Promise<void>;
}

/** A pending domain as the re-check worker sees it. */
export type UserDomainVerification = DomainVerification & { readonly userId: string };

/**
 * The verification state of each user's connected domain. Inside a unit of work, `find` locks
 * the row until the work ends; every change to a user's custom domain takes that lock before it
 * touches the metadata, so the two never disagree.
 */
export interface DomainVerificationRepository {
  find(userId: string): Promise<DomainVerification | null>;
  /** Stores the state as given (insert or replace). */
  save(userId: string, verification: DomainVerification): Promise<void>;
  delete(userId: string): Promise<void>;
  /**
   * Compare-and-set: verified at `at` only while the domain is still `domain` and not yet
   * verified. False when it is not (verified by a parallel check, or changed meanwhile).
   */
  markVerified(userId: string, domain: string, at: Date): Promise<boolean>;
  /** A lookup that did not verify: its time and status, only while the domain is still `domain` and unverified. */
  recordCheck(
    userId: string,
    domain: string,
    check: { status: 'pending' | 'failed'; checkedAt: Date },
  ): Promise<void>;
  /** Pending domains connected after `connectedAfter`, never checked or checked at or before `checkedBefore`; least recently checked first. */
  findDue(query: {
    checkedBefore: Date;
    connectedAfter: Date;
    limit: number;
  }): Promise<UserDomainVerification[]>;
  /** Pending domains connected at or before `connectedBefore` become failed; how many did. */
  expirePending(connectedBefore: Date): Promise<number>;
}

/** A security event with where it sits in the newest-first order. */
export type PositionedSecurityEvent = SecurityEvent & { readonly position: AuditPosition };

export interface AuditLog {
  /** Stores the record; its id, as listByUser names it (the change's id, SSF `txn`). */
  append(record: AuditRecord): Promise<string>;
  /** The user's records, newest first (creation time, then id), strictly after `before` when given. */
  listByUser(
    userId: string,
    page: { before: AuditPosition | null; limit: number },
  ): Promise<PositionedSecurityEvent[]>;
}

/** An account as an operator or its owner sees it: no hash, no secret. */
export type AccountRecord = {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly twoFactorEnabled: boolean;
  readonly disabled: boolean;
  readonly banned: boolean;
  readonly createdAt: Date;
};

/** The reads of an account's own records that the operator API and the export need. */
export interface AccountRecords {
  findById(id: string): Promise<AccountRecord | null>;
  /** Exact match, compared case-insensitively (emails are unique that way). */
  findByEmail(email: string): Promise<AccountRecord | null>;
  /** Every entitlement of the user, by service. */
  entitlementsOf(userId: string): Promise<Entitlement[]>;
  /**
   * The failure limit's counts kept for the account: the account-wide one (client null) while it
   * holds any, then each client's, by client.
   */
  signInFailuresOf(userId: string): Promise<SignInFailureRecord[]>;
  /** The outbox entries queued for the account, whatever their status, oldest first. */
  deliveriesOf(userId: string): Promise<DeliveryRecord[]>;
}

/** One count of the failure limit, as the export shows it. */
export type SignInFailureRecord = { client: string | null; failures: number; lockedUntil: Date | null };

/** An outbox entry of an account: what it carries and where its delivery stands. */
export type DeliveryRecord = OutboxMessage & { status: OutboxStatus; createdAt: Date };

/** Backup codes in canonical form (see normalizeBackupCode); the store keeps only their hashes. */
export interface BackupCodeRepository {
  replace(userId: string, codes: readonly string[]): Promise<void>;
  /** Uses the code up; false when the user has no such unused code. */
  consume(userId: string, code: string): Promise<boolean>;
  deleteAll(userId: string): Promise<void>;
  count(userId: string): Promise<number>;
}

/**
 * Each outbox channel's payload, by the channel's kind (docs/decisions.md, "Durable side effects").
 * A channel of its own adds its kind by declaration merging:
 * `declare module '@accounts/application' { interface OutboxPayloads { 'my.kind': MyPayload } }`.
 */
export interface OutboxPayloads {
  'billing.cancel': { subscriptionId: string; mode: CancellationMode };
  webhook: WebhookEvent;
  /** One SET of the SSF transmitter: its stream, its change's id, its event (signed when sent). */
  ssf: SsfSetPayload;
}

/** The kind of every channel known to the type system: the built-in two and any merged in. */
export type OutboxChannelKind = Extract<keyof OutboxPayloads, string>;

/** What a committed change sends out on the channel of kind `K` (a union of kinds: one of them). */
export type OutboxMessageOf<K extends OutboxChannelKind> = {
  [Kind in K]: { kind: Kind; userId: string; payload: OutboxPayloads[Kind] };
}[K];

/** What a committed change sends out, by kind. */
export type OutboxMessage = OutboxMessageOf<OutboxChannelKind>;

/** An outbox entry of the channel of kind `K`. */
export type OutboxEntryOf<K extends OutboxChannelKind> = OutboxMessageOf<K> & OutboxEntryState;

export type OutboxEntry = OutboxEntryOf<OutboxChannelKind>;

/** Where an entry stands, beside what it carries. */
type OutboxEntryState = {
  /** Also the webhook-id: the same on every attempt. */
  readonly id: string;
  readonly status: OutboxStatus;
  /** Attempts recorded so far. */
  readonly attempts: number;
  readonly nextAttemptAt: Date;
  readonly lastError: string | null;
  readonly createdAt: Date;
};

/** Written inside the unit of work, so an entry exists exactly when its change committed. */
export interface Outbox {
  /**
   * `leaseMs`: the entry is claimed by the caller for that long (it delivers it itself right
   * after the commit); without it the entry is due at once for the worker.
   */
  enqueue(message: OutboxMessage, options?: { leaseMs?: number }): Promise<OutboxEntry>;
}

/** `kind` as stored: a kind no channel of this process knows is counted too. */
export type OutboxDepth = { kind: string; status: OutboxStatus; count: number };

/** The delivery side of the outbox: used outside transactions, one statement per call. */
export interface OutboxStore {
  /**
   * Claims up to `limit` due pending entries, oldest first, that no other claimer holds (FOR
   * UPDATE SKIP LOCKED), and leases them: a user's line is per user and kind (channel), and the
   * entry n-th in its line in this batch is left alone for n × `leaseMs`. An entry is not claimed
   * while an earlier entry of its line waits for its first attempt elsewhere, so a user's entries
   * of one channel are first tried in order; kinds in `inAnyOrder` (default
   * BUILT_IN_IN_ANY_ORDER: billing cancellations) are claimed regardless.
   */
  claimDue(options: {
    limit: number;
    leaseMs: number;
    inAnyOrder?: readonly string[];
  }): Promise<OutboxEntry[]>;
  /** Records one attempt (attempts + 1) and where it leaves the entry. */
  record(id: string, state: NextState): Promise<void>;
  /** Makes claimed entries that were not attempted due now (a stopping worker hands them back). */
  release(ids: readonly string[]): Promise<void>;
  /** Entries by kind and status. */
  depth(): Promise<OutboxDepth[]>;
}

/** Removes old rows in bounded batches (retention); each call is one short statement. */
export interface RetentionStore {
  /** Removes up to `limit` `done` outbox entries done before `cutoff`; how many it removed. */
  removeDoneOutboxEntries(cutoff: Date, limit: number): Promise<number>;
  /**
   * Removes up to `limit` audit records created before `cutoff`, oldest first (by time, then id),
   * from after `after` on: a run hands each batch the `last` of the one before, so that no batch
   * reads again past the records the run removed (their index entries stay until VACUUM). How many
   * it removed, and the last of them by time and id (null when none).
   */
  removeAuditRecords(
    cutoff: Date,
    limit: number,
    after: AuditPosition | null,
  ): Promise<{ removed: number; last: AuditPosition | null }>;
  /**
   * Removes up to `limit` sessions that retention lets go at `now` (never revoked and expired for
   * a day, or revoked 30 days ago); how many it removed.
   */
  removeSessions(now: Date, limit: number): Promise<number>;
  /**
   * Removes up to `limit` rows of the provider's sign-outs that retention lets go at `now`: used
   * token ids past their expiry, refused `sid`s refused 30 days ago; how many it removed.
   */
  removeUsedTokenRecords(now: Date, limit: number): Promise<number>;
}

export type TransactionalPorts = Pick<
  Ports,
  | 'users'
  | 'entitlements'
  | 'auditLog'
  | 'backupCodes'
  | 'outbox'
  | 'domainVerifications'
  | 'passkeys'
  | 'passkeyChallenges'
  | 'sessions'
  | 'ssfStreams'
>;

export interface UnitOfWork {
  /**
   * Runs `work` in one transaction: committed when it returns ok, rolled back when it returns an
   * error or throws. A state change and its audit record go through here together.
   */
  run<T, E>(work: (tx: TransactionalPorts) => Promise<Result<T, E>>): Promise<Result<T, E>>;
  /**
   * True when `run` joins a transaction its caller opened (and commits): a return from `run`
   * then does not mean that the change is committed.
   */
  readonly joinsOuterTransaction?: boolean;
}

/** A registered passkey (decisions.md, "Passkeys"). `id` is this service's id, not the credential id. */
export type StoredPasskey = {
  readonly id: string;
  readonly userId: string;
  /** The credential id, base64url, as the authenticator gave it. */
  readonly credentialId: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly name: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
};

export type NewPasskey = Omit<StoredPasskey, 'id' | 'createdAt' | 'lastUsedAt'>;

export interface PasskeyRepository {
  /** The user's passkeys, oldest first. */
  listByUser(userId: string): Promise<StoredPasskey[]>;
  countByUser(userId: string): Promise<number>;
  /** PasskeyAlreadyRegistered when the credential id is stored already (for any user): nothing changes. */
  add(passkey: NewPasskey): Promise<Result<StoredPasskey, ErrorOf<'PasskeyAlreadyRegistered'>>>;
  /** Removes the user's passkey `id`; null when the user has no such passkey. */
  remove(userId: string, id: string): Promise<StoredPasskey | null>;
  /**
   * Compare-and-set: records a use at `at` and sets the counter to `counter`, only while the
   * stored counter is still `expected`. False when it is not (a parallel use came first).
   */
  recordUse(id: string, use: { expected: number; counter: number; at: Date }): Promise<boolean>;
  /** Removes every passkey of the user (an operator's reset of the second factor). */
  removeAllByUser(userId: string): Promise<void>;
}

export type PasskeyCeremony = 'registration' | 'authentication';

/**
 * WebAuthn challenges, bound to the user and the ceremony, kept where every instance sees them.
 * `take` uses them up: the latest is returned, and every challenge of that user and ceremony is
 * gone afterwards, whatever the caller does with it.
 */
export interface PasskeyChallengeRepository {
  save(challenge: {
    userId: string;
    ceremony: PasskeyCeremony;
    challenge: string;
    expiresAt: Date;
  }): Promise<void>;
  take(userId: string, ceremony: PasskeyCeremony): Promise<{ challenge: string; expiresAt: Date } | null>;
}

/** A credential as options name it (WebAuthn Level 3 JSON). */
export type CredentialDescriptorJson = { id: string; type: string; transports?: string[] };

/** PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create; passed on as it is. */
export type PasskeyCreationOptions = {
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: { alg: number; type: string }[];
  timeout?: number;
  excludeCredentials?: CredentialDescriptorJson[];
  authenticatorSelection?: {
    authenticatorAttachment?: string;
    requireResidentKey?: boolean;
    residentKey?: string;
    userVerification?: string;
  };
  hints?: string[];
  attestation?: string;
  extensions?: { credProps?: boolean };
};

/** PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get; passed on as it is. */
export type PasskeyRequestOptions = {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: CredentialDescriptorJson[];
  userVerification?: string;
  hints?: string[];
};

/** What a verified registration gives to store. */
export type VerifiedCredential = {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
};

/**
 * The WebAuthn ceremonies: options to send to the browser, and the verification of what it sent
 * back (against the configured RP ID and origins, user verification required). Responses are the
 * JSON the client sent, unchecked: a response of the wrong shape fails verification.
 */
export interface PasskeyVerifier {
  registrationOptions(input: {
    user: { id: string; email: string; displayName: string };
    exclude: readonly StoredPasskey[];
  }): Promise<PasskeyCreationOptions>;
  /** Null when the response does not verify (never throws for a client's mistake). */
  verifyRegistration(input: {
    response: unknown;
    expectedChallenge: string;
  }): Promise<VerifiedCredential | null>;
  authenticationOptions(input: { allow: readonly StoredPasskey[] }): Promise<PasskeyRequestOptions>;
  /** The credential id an assertion names, or null when the response has none. */
  credentialIdOf(response: unknown): string | null;
  /**
   * The authenticator's new signature counter when the assertion verifies for `passkey`, or null.
   * The counter is not compared here: the caller decides on it.
   */
  verifyAuthentication(input: {
    response: unknown;
    expectedChallenge: string;
    passkey: StoredPasskey;
  }): Promise<{ counter: number } | null>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Never blocks the event loop; throws on a hash it cannot read, and PasswordChecksBusy when it
   * cannot start the check soon (nothing was checked).
   */
  verify(hash: string, password: string): Promise<boolean>;
}

export interface Totp {
  /** A new random secret of 32 base32 characters. */
  generateSecret(): string;
  /** The otpauth:// URL: issuer is the service's name, label the account's email. */
  keyUri(input: { secret: string; accountName: string }): string;
  /** The time step the code matches at `at`, within one step either side, or null. */
  verify(input: { secret: string; code: string; at: Date }): Promise<number | null>;
}

export interface QrCodeRenderer {
  /** A PNG as a `data:image/png;base64,` URI; never blocks the event loop. */
  toPngDataUri(text: string): Promise<string>;
}

/** Seals TOTP secrets at rest, bound to the user id. */
export interface SecretCipher {
  seal(userId: string, secret: string): string;
  /**
   * Whether `stored` should be sealed again: sealed with an older key, or bare while a key is
   * set. False when there is no key to seal with.
   */
  needsReseal(stored: string): boolean;
  /** Throws when the value cannot be opened (tampered, another user's, unknown key). */
  open(userId: string, stored: string): string;
}

export type CancellationMode = 'at-period-end' | 'immediately';

export interface BillingGateway {
  /** False when no access token is configured: then nothing is sent. */
  readonly isConfigured: boolean;
  /**
   * Bounded by the configured timeout, retries included. `done` also for a subscription the
   * provider reports as already gone; `transient` for network errors, timeouts, 429 and 5xx;
   * `permanent` for any other refusal.
   */
  cancelSubscription(subscriptionId: string, mode: CancellationMode): Promise<DeliveryOutcome>;
  /** The provider's answer; throws when the provider could not be asked. */
  findCustomer(customerId: string): Promise<'found' | 'not-found'>;
  portalUrl(customerId: string): string;
}

export interface DnsResolver {
  /**
   * The TXT strings at `name`, each record's chunks joined; empty when the name or its TXT
   * records do not exist. Throws when the lookup failed or ran out of time (it is bounded).
   */
  resolveTxt(name: string): Promise<string[]>;
}

/** Makes opaque, tamper-evident cursors bound to one user. */
export interface CursorSealer {
  seal(userId: string, payload: string): string;
  /** The payload, or null when the cursor was not sealed by this service for this user. */
  open(userId: string, cursor: string): string | null;
}

export interface WebhookSender {
  /** False when WEBHOOK_URL is unset: then no event is queued. */
  readonly isConfigured: boolean;
  /**
   * One signed POST of `body` as message `id` (Standard Webhooks), bounded by its timeout:
   * `done` for a 2xx answer, `transient` for anything else.
   */
  send(message: { id: string; body: string }): Promise<DeliveryOutcome>;
}

export interface RandomSource {
  /** `count` uniformly random integers in [0, maxExclusive). */
  integers(count: number, maxExclusive: number): number[];
}

export interface Clock {
  now(): Date;
}

export interface Logger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface Ports {
  users: UserRepository;
  authFailures: AuthFailureRepository;
  entitlements: EntitlementRepository;
  auditLog: AuditLog;
  backupCodes: BackupCodeRepository;
  domainVerifications: DomainVerificationRepository;
  passkeys: PasskeyRepository;
  sessions: SessionRepository;
  passkeyChallenges: PasskeyChallengeRepository;
  /** The SSF transmitter's streams (read in a change's transaction to queue its SETs). */
  ssfStreams: SsfStreamRepository;
  passkeyVerifier: PasskeyVerifier;
  outbox: Outbox;
  outboxStore: OutboxStore;
  unitOfWork: UnitOfWork;
  accounts: AccountRecords;
  hasher: PasswordHasher;
  totp: Totp;
  qrCodes: QrCodeRenderer;
  secrets: SecretCipher;
  billing: BillingGateway;
  dns: DnsResolver;
  cursors: CursorSealer;
  webhooks: WebhookSender;
  random: RandomSource;
  clock: Clock;
  logger: Logger;
}
