import { expiryCutoff, recheckCutoff, type DomainVerificationPolicy } from '@accounts/domain';
import { checkVerification } from '../domain-verification-check.js';
import type { Ports, UserDomainVerification } from '../ports.js';

const BATCH = 100;
/** Lookups in flight at once, so a long list of pending domains neither floods the resolver nor drags on. */
const PARALLEL_LOOKUPS = 10;
/** A bound on one run, whatever happens to the rows meanwhile. */
const MAX_BATCHES = 100;

export type RecheckSummary = { expired: number; checked: number; verified: number };

/**
 * The worker's pass: pending domains past their time become failed; every other pending domain
 * not checked within the interval is looked up again. Several instances may run it at once:
 * a check that finds nothing is harmless twice, and verifying is a compare-and-set.
 */
export class RecheckPendingDomains {
  constructor(
    private readonly deps: Pick<Ports, 'domainVerifications' | 'dns' | 'unitOfWork' | 'clock' | 'logger'>,
    private readonly policy: DomainVerificationPolicy,
  ) {}

  async execute(): Promise<RecheckSummary> {
    const now = this.deps.clock.now();
    const summary: RecheckSummary = {
      expired: await this.deps.domainVerifications.expirePending(expiryCutoff(now, this.policy)),
      checked: 0,
      verified: 0,
    };
    const seen = new Set<string>();
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const found = await this.deps.domainVerifications.findDue({
        checkedBefore: recheckCutoff(now, this.policy),
        connectedAfter: expiryCutoff(now, this.policy),
        limit: BATCH,
      });
      // A row whose check failed stays due; it waits for the next run rather than looping here.
      const due = found.filter((d) => !seen.has(d.userId));
      for (const d of due) seen.add(d.userId);
      for (let i = 0; i < due.length; i += PARALLEL_LOOKUPS) {
        const outcomes = await Promise.all(due.slice(i, i + PARALLEL_LOOKUPS).map((d) => this.check(d)));
        summary.checked += outcomes.length;
        summary.verified += outcomes.filter((status) => status === 'verified').length;
      }
      if (found.length < BATCH || due.length === 0) break;
    }
    return summary;
  }

  private async check({ userId, ...verification }: UserDomainVerification) {
    try {
      return (await checkVerification(this.deps, this.policy, userId, verification))?.status ?? 'gone';
    } catch (error) {
      this.deps.logger.error(
        { event: 'domain_recheck_failed', userId, reason: String(error) },
        'Domain re-check failed',
      );
      return 'error' as const;
    }
  }
}
