import {
  adoptVerification,
  DROP_SERVICE,
  isSameDomain,
  ok,
  verificationAfterLookup,
  verificationRecordName,
  VERIFIED_DOMAIN_KEYS,
  type DomainVerification,
  type DomainVerificationPolicy,
} from '@accounts/domain';
import type { Ports } from './ports.js';
import { newVerificationToken } from './random-codes.js';

/**
 * The stored state of the user's connected domain. A domain connected before verification
 * existed (or whose state was lost) gets one now, with a new token.
 */
export async function currentVerification(
  deps: Pick<Ports, 'domainVerifications' | 'random' | 'clock'>,
  userId: string,
  domain: { name: string; verified: boolean },
): Promise<DomainVerification> {
  const stored = await deps.domainVerifications.find(userId);
  if (stored && isSameDomain(stored.domain, domain.name)) return { ...stored, domain: domain.name };
  const adopted = adoptVerification(
    domain.name,
    domain.verified,
    newVerificationToken(deps.random),
    deps.clock.now(),
  );
  await deps.domainVerifications.save(userId, adopted);
  return adopted;
}

/**
 * Looks the TXT record up now and stores what it showed. A lookup that fails counts as nothing
 * found. Verifying flips the metadata flag and writes the audit record in one transaction, once
 * (a compare-and-set), however many checks run at the same time. Null when the account was
 * deleted meanwhile.
 */
export async function checkVerification(
  deps: Pick<Ports, 'domainVerifications' | 'dns' | 'unitOfWork' | 'clock' | 'logger'>,
  policy: DomainVerificationPolicy,
  userId: string,
  verification: DomainVerification,
): Promise<DomainVerification | null> {
  if (verification.status === 'verified') return verification;
  const txtStrings = await lookUp(deps, userId, verificationRecordName(verification.domain));
  const checkedAt = deps.clock.now();
  const after = verificationAfterLookup(verification, txtStrings, checkedAt, policy);

  if (after.status !== 'verified') {
    await deps.domainVerifications.recordCheck(userId, verification.domain, {
      status: after.status,
      checkedAt,
    });
    return after;
  }
  const verified = await deps.unitOfWork.run(async (tx) => {
    // The account first (the lock order of its writes).
    if (!(await tx.users.lock(userId))) return ok(null);
    if (!(await tx.domainVerifications.markVerified(userId, verification.domain, checkedAt)))
      return ok(false);
    // Sets no domain, so the uniqueness rule cannot refuse it.
    await tx.entitlements.setMetadataKeys(userId, DROP_SERVICE, VERIFIED_DOMAIN_KEYS);
    // Seam for the outbox: every audited change also queues its webhook, so this record is
    // what sends `custom_domain.verified` (with `domain`).
    await tx.auditLog.append({
      userId,
      event: 'USER_UPDATE',
      details: { field: 'customDomainVerified', value: true, domain: verification.domain },
    });
    return ok(true);
  });
  if (verified.ok && verified.value === null) return null;
  if (verified.ok && verified.value) {
    deps.logger.info({ event: 'custom_domain_verified', userId }, 'Custom domain verified');
    return after;
  }
  // A parallel check verified it first, or the domain changed meanwhile: what is stored now wins.
  return (await deps.domainVerifications.find(userId)) ?? after;
}

async function lookUp(deps: Pick<Ports, 'dns' | 'logger'>, userId: string, name: string): Promise<string[]> {
  try {
    return await deps.dns.resolveTxt(name);
  } catch (error) {
    deps.logger.warn(
      { event: 'dns_lookup_failed', userId, reason: String(error) },
      'Verification record lookup failed',
    );
    return [];
  }
}
