import type { AuditRecord } from '../audit.js';

/**
 * Sessions and their revocation (decisions.md, "Sessions and sign-out everywhere"). A session is
 * what a token belongs to: its `sid` claim, else its `jti`, else the token's signed part (kept
 * only as a digest). Pure: the digests, the time and the stored state come in as arguments.
 */

/**
 * How a session is found again: `key` is what the store indexes, `sid` what a webhook names.
 * `legacyKeys`, for a token keyed by its signed part only: the keys the same token had when
 * sessions were keyed by the whole token, one per spelling of its signature, looked up on the
 * session's first sight so that a session revoked then stays revoked.
 */
export type SessionKey = {
  readonly key: string;
  readonly sid: string | null;
  readonly legacyKeys?: () => readonly string[];
};

/** SHA-256 digests (hex) of a token without `sid` or `jti`, computed only when asked for. */
export type TokenDigests = {
  /** Of its signed part: header and payload as sent, without the signature. */
  signedPart(): string;
  /** Of each spelling of the whole token whose signature verifies (signatureSpellings). */
  spellings(): readonly string[];
};

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Every spelling of a compact JWS that differs from `token` only in the unused low bits of its
 * signature's last base64url character (2 bits for an HS256 signature, 4 for RS256 and ES256),
 * `token` among them: they decode to the same signature, so each verifies as `token` does.
 */
export function signatureSpellings(token: string): string[] {
  const signatureLength = token.length - token.lastIndexOf('.') - 1;
  // 4 characters carry 3 bytes; a remainder of 2 holds 1 byte (4 unused bits), of 3 two (2 bits).
  const remainder = signatureLength % 4;
  const unusedBits = remainder === 2 ? 4 : remainder === 3 ? 2 : 0;
  const last = BASE64URL.indexOf(token.slice(-1));
  if (unusedBits === 0 || last === -1) return [token];
  const body = token.slice(0, -1);
  const first = last & ~((1 << unusedBits) - 1);
  return Array.from({ length: 1 << unusedBits }, (_, i) => body + BASE64URL.charAt(first + i));
}

/** A session as the store keeps it. */
export type SessionRecord = {
  readonly id: string;
  readonly sid: string | null;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly revokedAt: Date | null;
};

/**
 * The account's sign-out moment: tokens issued (`iat`, whole seconds) before `issuedBefore` are
 * refused, except those of the session `keptSessionId` (the one revoke-others kept).
 */
export type SignOutMoment = { readonly issuedBefore: Date; readonly keptSessionId: string | null };

/** What one use of a token brings: its claims that matter, where it came from. */
export type SessionUse = {
  /** `iat` in Unix seconds, when the token has a numeric one. */
  readonly issuedAt: number | undefined;
  /** `exp` as a time. */
  readonly expiresAt: Date;
  readonly address: string | null;
  readonly userAgent: string | null;
};

/**
 * How long after its `exp` (and before its `nbf`) a token is still accepted: the verifier's clock
 * tolerance, so also how long a session stays live after its `expiresAt`.
 */
export const CLOCK_TOLERANCE_MS = 30_000;
/** lastSeenAt moves only after this long, so that a read does not write on every request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;
/** Kept characters of the User-Agent header. */
const USER_AGENT_MAX_LENGTH = 256;
/** A session that was never revoked is removed this long after it expired. */
export const EXPIRED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A revoked session is kept this long after its revocation, so that its `sid` stays refused. */
export const REVOKED_SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** The longest `sid` or `jti` a session is keyed by, in characters (code points). */
export const SESSION_ID_CLAIM_MAX_LENGTH = 255;
/** The latest time a time claim may name: 9999-12-31T23:59:59Z, in Unix seconds. */
export const TIME_CLAIM_MAX = 253_402_300_799;
/** Whether `value` holds a C0 control character (U+0000..U+001F) or DEL (U+007F). */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Whether `value` can be a `sid` or `jti`: at most 255 characters, no C0 control character or DEL. */
export function isSessionIdClaim(value: string): boolean {
  // Code units bound code points from above: the common short id is never split into them.
  if (value.length > SESSION_ID_CLAIM_MAX_LENGTH && Array.from(value).length > SESSION_ID_CLAIM_MAX_LENGTH) {
    return false;
  }
  return !hasControlCharacter(value);
}

/** A time claim (`exp`, `iat`, `nbf`) in whole seconds, a fraction truncated; null when it is not a finite number in 0..TIME_CLAIM_MAX. */
export function timeClaimOf(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const seconds = Math.trunc(value);
  // `+ 0` makes a truncated -0.5 the 0 it stands for.
  return seconds >= 0 && seconds <= TIME_CLAIM_MAX ? seconds + 0 : null;
}

const TIME_CLAIMS = ['exp', 'iat', 'nbf'] as const;
const SESSION_ID_CLAIMS = ['sid', 'jti'] as const;

/**
 * The first claim that makes a verified token invalid (decisions.md, "One token, one session"): a
 * `sid` or `jti` that cannot key a session, or a time claim present but out of range; null when
 * none does. Only what the service stores or compares is checked: a `sid` that is not a string
 * keys nothing.
 */
export function invalidSessionClaim(claims: Readonly<Record<string, unknown>>): string | null {
  for (const claim of SESSION_ID_CLAIMS) {
    const value = claims[claim];
    if (typeof value === 'string' && !isSessionIdClaim(value)) return claim;
  }
  for (const claim of TIME_CLAIMS) {
    if (claim in claims && timeClaimOf(claims[claim]) === null) return claim;
  }
  return null;
}

/**
 * The session of a token with `claims`: by `sid`, else by `jti`, else by the digest of its signed
 * part, so that every spelling of its signature is one session; its legacy keys are the
 * whole-token digests (`sha256:`) sessions were keyed by before. The digests are asked for only
 * then; the prefixes keep the kinds apart.
 */
export function sessionKeyOf(claims: Readonly<Record<string, unknown>>, digests: TokenDigests): SessionKey {
  if (nonEmptyString(claims.sid)) return { key: `sid:${claims.sid}`, sid: claims.sid };
  if (nonEmptyString(claims.jti)) return { key: `jti:${claims.jti}`, sid: null };
  return {
    key: `signed:${digests.signedPart()}`,
    sid: null,
    legacyKeys: () => digests.spellings().map((digest) => `sha256:${digest}`),
  };
}

/**
 * The token's `iat` in whole seconds when it is a time claim in range, else undefined (a token
 * that cannot show its age; the verifier refuses one whose `iat` is there but out of range).
 */
export function issuedAtOf(claims: Readonly<Record<string, unknown>>): number | undefined {
  return timeClaimOf(claims.iat) ?? undefined;
}

/** The header as kept: its first 256 characters, null without one. */
export function userAgentOf(header: string | undefined): string | null {
  return header === undefined ? null : header.slice(0, USER_AGENT_MAX_LENGTH);
}

/**
 * Whether a token is refused as revoked: its session was revoked (a revoked session stays
 * revoked, whatever a later token's `iat`), or the account signed out at a moment the token
 * cannot show it is newer than (`iat` before `issuedBefore`, or no `iat`), unless the token is of
 * the session revoke-others kept.
 */
export function isRevoked(input: {
  session: Pick<SessionRecord, 'id' | 'revokedAt'> | null;
  signOut: SignOutMoment | null;
  issuedAt: number | undefined;
}): boolean {
  const { session, signOut, issuedAt } = input;
  if (session?.revokedAt) return true;
  if (!signOut) return false;
  if (session?.id === signOut.keptSessionId) return false;
  if (issuedAt === undefined) return true;
  return issuedAt * 1000 < signOut.issuedBefore.getTime();
}

/**
 * Who ended sessions, in their audit details and webhooks: the account's owner, an operator, or
 * the identity provider (its back-channel logout), so that a provider can ignore its own.
 */
export type SessionInitiator = 'user' | 'operator' | 'idp';

/**
 * The moment a revocation at `now` refuses tokens up to: `T` is `now` in whole Unix seconds, and
 * a token is refused when its `iat` ≤ `T`, so tokens are accepted from `T` + 1 on.
 */
export function issuedBeforeOf(now: Date): Date {
  return new Date((Math.floor(now.getTime() / 1000) + 1) * 1000);
}

/**
 * Live: not revoked, and `expiresAt` plus the clock tolerance not past at `now`, so that a token
 * still accepted after its `exp` is a live session until the tolerance ends.
 */
export function isLive(session: Pick<SessionRecord, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return session.revokedAt === null && now.getTime() <= session.expiresAt.getTime() + CLOCK_TOLERANCE_MS;
}

/** The earliest `expiresAt` of a session live at `now` (the databases' form of isLive). */
export function liveExpiryFloor(now: Date): Date {
  return new Date(now.getTime() - CLOCK_TOLERANCE_MS);
}

/** What a use changes of a known session; null when nothing (the common read). */
export type SessionTouch = {
  lastSeenAt?: Date;
  address?: string | null;
  userAgent?: string | null;
  expiresAt?: Date;
};

/**
 * A use at `now` moves lastSeenAt (with the address and User-Agent of that use) only when the
 * last one is at least a minute old, and expiresAt only to a later `exp`; otherwise nothing is
 * written.
 */
export function touchOf(
  session: Pick<SessionRecord, 'lastSeenAt' | 'expiresAt'>,
  use: SessionUse,
  now: Date,
): SessionTouch | null {
  const seen = now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;
  const expiresAt = use.expiresAt;
  const extended = expiresAt.getTime() > session.expiresAt.getTime();
  // Nearly every request: nothing to write, and nothing built.
  if (!seen && !extended) return null;
  const touch: SessionTouch = {};
  if (seen) {
    touch.lastSeenAt = now;
    touch.address = use.address;
    touch.userAgent = use.userAgent;
  }
  if (extended) touch.expiresAt = expiresAt;
  return touch;
}

/** Whether retention removes `session` at `now`. */
export function isRemovable(session: Pick<SessionRecord, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  if (session.revokedAt) return now.getTime() - session.revokedAt.getTime() > REVOKED_SESSION_RETENTION_MS;
  return now.getTime() - session.expiresAt.getTime() > EXPIRED_SESSION_RETENTION_MS;
}

/** The most `sid`s one `sessions.revoked` webhook carries (decisions.md, "Bounded lists"). */
const WEBHOOK_SIDS_MAX = 100;

/**
 * An audit record as its webhooks see it: a revocation of sessions that names more than 100
 * `sid`s is one record per share of at most 100, in order, each with the same details and
 * `issuedBefore`; any other record is itself alone.
 */
export function webhookShares(record: AuditRecord): AuditRecord[] {
  const { revocation } = record;
  if (revocation?.kind !== 'sessions' || revocation.sids.length <= WEBHOOK_SIDS_MAX) return [record];
  const shares: AuditRecord[] = [];
  for (let at = 0; at < revocation.sids.length; at += WEBHOOK_SIDS_MAX) {
    shares.push({
      ...record,
      revocation: { ...revocation, sids: revocation.sids.slice(at, at + WEBHOOK_SIDS_MAX) },
    });
  }
  return shares;
}
