import { domainUniquenessKey } from './custom-domain.js';

/** How control of a custom domain is proven: a DNS TXT record, as Vercel and Cloudflare for SaaS do. */
const DOMAIN_VERIFICATION_RECORD = {
  type: 'TXT',
  namePrefix: '_accounts-challenge',
  valuePrefix: 'accounts-verification=',
} as const;

export const VERIFICATION_TOKEN = { length: 24, alphabet: 'abcdefghijklmnopqrstuvwxyz0123456789' } as const;

export type DomainVerificationPolicy = {
  /** How often the worker looks up a pending domain again. */
  readonly recheckMs: number;
  /** How long after connecting a domain may stay pending before it counts as failed. */
  readonly ttlMs: number;
};

export const DEFAULT_DOMAIN_VERIFICATION_POLICY: DomainVerificationPolicy = {
  recheckMs: 5 * 60 * 1000,
  ttlMs: 7 * 24 * 3600 * 1000,
};

type DomainVerificationStatus = 'pending' | 'verified' | 'failed';

/** The verification state of the domain a user has connected. */
export type DomainVerification = {
  readonly domain: string;
  readonly token: string;
  readonly status: DomainVerificationStatus;
  readonly connectedAt: Date;
  readonly checkedAt: Date | null;
  readonly verifiedAt: Date | null;
};

/** A token from alphabet positions (the caller supplies the randomness). */
export function verificationTokenFromIndexes(indexes: readonly number[]): string {
  if (indexes.length !== VERIFICATION_TOKEN.length) throw new RangeError('wrong number of positions');
  return indexes
    .map((i) => {
      const char = VERIFICATION_TOKEN.alphabet[i];
      if (char === undefined) throw new RangeError(`position ${i} is outside the alphabet`);
      return char;
    })
    .join('');
}

export function verificationRecordName(domain: string): string {
  return `${DOMAIN_VERIFICATION_RECORD.namePrefix}.${domain}`;
}

export function verificationRecordValue(token: string): string {
  return `${DOMAIN_VERIFICATION_RECORD.valuePrefix}${token}`;
}

export function isSameDomain(a: string, b: string): boolean {
  return domainUniquenessKey(a) === domainUniquenessKey(b);
}

/**
 * Connecting a domain (again) starts over as pending; the token survives only while the domain
 * stays the same (compared case-insensitively), so a record already published keeps working.
 */
export function connectVerification(
  previous: DomainVerification | null,
  domain: string,
  freshToken: string,
  now: Date,
): DomainVerification {
  const token = previous && isSameDomain(previous.domain, domain) ? previous.token : freshToken;
  return { domain, token, status: 'pending', connectedAt: now, checkedAt: null, verifiedAt: null };
}

/**
 * The state for a domain connected before verification existed (or changed outside the
 * service): a domain already flagged verified stays verified.
 */
export function adoptVerification(
  domain: string,
  alreadyVerified: boolean,
  freshToken: string,
  now: Date,
): DomainVerification {
  return {
    domain,
    token: freshToken,
    status: alreadyVerified ? 'verified' : 'pending',
    connectedAt: now,
    checkedAt: null,
    verifiedAt: alreadyVerified ? now : null,
  };
}

/** True when the TXT strings (each record's chunks already joined) hold the expected value. */
function provesControl(verification: DomainVerification, txtStrings: readonly string[]): boolean {
  const expected = verificationRecordValue(verification.token);
  return txtStrings.some((value) => value === expected);
}

function isVerificationExpired(
  verification: DomainVerification,
  now: Date,
  policy: DomainVerificationPolicy,
): boolean {
  return now.getTime() >= verification.connectedAt.getTime() + policy.ttlMs;
}

/** Pending domains connected at or before this instant have run out of time. */
export function expiryCutoff(now: Date, policy: DomainVerificationPolicy): Date {
  return new Date(now.getTime() - policy.ttlMs);
}

/** Pending domains last checked at or before this instant are due for another lookup. */
export function recheckCutoff(now: Date, policy: DomainVerificationPolicy): Date {
  return new Date(now.getTime() - policy.recheckMs);
}

/**
 * The state after one lookup at `now`: the record found verifies (also a failed domain); nothing
 * found (or a failed lookup, `txtStrings` empty) leaves it pending until the TTL has passed,
 * then failed. A verified domain stays verified.
 */
export function verificationAfterLookup(
  verification: DomainVerification,
  txtStrings: readonly string[],
  now: Date,
  policy: DomainVerificationPolicy,
): DomainVerification {
  if (verification.status === 'verified') return verification;
  if (provesControl(verification, txtStrings)) {
    return { ...verification, status: 'verified', checkedAt: now, verifiedAt: now };
  }
  const expired = verification.status === 'failed' || isVerificationExpired(verification, now, policy);
  return { ...verification, status: expired ? 'failed' : 'pending', checkedAt: now };
}

/** What GET /api/user/custom-domain/verification shows. */
export type DomainVerificationView = {
  domain: string;
  status: DomainVerificationStatus;
  recordType: typeof DOMAIN_VERIFICATION_RECORD.type;
  recordName: string;
  recordValue: string;
  checkedAt: Date | null;
  verifiedAt: Date | null;
};

export function domainVerificationView(verification: DomainVerification): DomainVerificationView {
  return {
    domain: verification.domain,
    status: verification.status,
    recordType: DOMAIN_VERIFICATION_RECORD.type,
    recordName: verificationRecordName(verification.domain),
    recordValue: verificationRecordValue(verification.token),
    checkedAt: verification.checkedAt,
    verifiedAt: verification.verifiedAt,
  };
}
