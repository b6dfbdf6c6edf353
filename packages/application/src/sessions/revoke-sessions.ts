import { issuedBeforeOf, type AuditDetails, type SessionInitiator } from '@accounts/domain';
import type { Clock, TransactionalPorts } from '../ports.js';

export type RevocationScope = 'others' | 'all';

/**
 * Inside a unit of work that holds the user's row: tokens of the account issued up to now are
 * refused from now on (but those of `keptSessionId`), the live sessions but that one are revoked,
 * and SESSIONS_REVOKE is audited (with who initiated it) with its webhook facts. How many sessions it revoked.
 */
export async function revokeSessions(
  tx: TransactionalPorts,
  clock: Clock,
  input: {
    userId: string;
    scope: RevocationScope;
    keptSessionId: string | null;
    initiator: SessionInitiator;
    /** Refuses tokens up to this moment when it is later than now (a logout token's `iat`). */
    upTo?: Date;
    details?: AuditDetails;
  },
): Promise<number> {
  const now = clock.now();
  const issuedBefore = issuedBeforeOf(input.upTo && input.upTo > now ? input.upTo : now);
  await tx.sessions.signOut(input.userId, { issuedBefore, keptSessionId: input.keptSessionId });
  const revoked = await tx.sessions.revokeLive(input.userId, now, input.keptSessionId);
  await tx.auditLog.append({
    userId: input.userId,
    event: 'SESSIONS_REVOKE',
    details: { scope: input.scope, count: revoked.length, initiator: input.initiator, ...input.details },
    revocation: {
      kind: 'sessions',
      issuedBefore: issuedBefore.toISOString(),
      sids: revoked.flatMap((session) => (session.sid === null ? [] : [session.sid])),
    },
  });
  return revoked.length;
}
