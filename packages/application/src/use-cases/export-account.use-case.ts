import {
  domainVerificationView,
  err,
  ok,
  type AuditPosition,
  type DomainVerification,
  type ErrorOf,
  type Result,
  type SecurityEvent,
} from '@accounts/domain';
import { entitlementView, type EntitlementView } from '../operator/account-view.js';
import type { OutboxChannels } from '../outbox/outbox-channels.js';
import type { AccountRecord, DeliveryRecord, Ports, SignInFailureRecord } from '../ports.js';
import { sessionView, type ExportedSession } from '../sessions/session-view.js';
import type { PasskeySummary } from './list-passkeys.use-case.js';

/** How many security events one read of the export fetches. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Everything the service keeps about one account, as its owner may see it (decisions.md, "Operator API
 * and own-data export"; a record kind added later is added here too): never a hash, secret,
 * backup code, challenge, public key, signature or access token. The security events are read page by page as they are
 * consumed (keyset pages, newest first), so an account with any number of them is exported in
 * bounded memory.
 */
export type AccountExport = {
  exportedAt: Date;
  account: AccountRecord;
  entitlements: EntitlementView[];
  passkeys: PasskeySummary[];
  domainVerification: ExportedDomainVerification | null;
  signInFailures: SignInFailureRecord[];
  deliveries: ExportedDelivery[];
  /** Every session record kept for the account: live, revoked or expired, most recently seen first. */
  sessions: ExportedSession[];
  securityEvents: AsyncIterable<SecurityEvent>;
};

/** The custom domain's verification as its owner sees it (the token only inside the record's value). */
export type ExportedDomainVerification = {
  domain: string;
  status: DomainVerification['status'];
  recordName: string;
  recordValue: string;
  checkedAt: Date | null;
  verifiedAt: Date | null;
};

/**
 * An outbox entry of the account, as its channel exports it: a webhook with its event's `type`
 * and `data`, a billing cancellation with its subscription id. Never a signature (made at delivery, not stored) or the
 * billing provider's access token (configuration, not data).
 */
export type ExportedDelivery = {
  kind: DeliveryRecord['kind'];
  status: DeliveryRecord['status'];
  createdAt: Date;
  data: Record<string, unknown>;
};

function exportedVerification(verification: DomainVerification): ExportedDomainVerification {
  const { domain, status, recordName, recordValue, checkedAt, verifiedAt } =
    domainVerificationView(verification);
  return { domain, status, recordName, recordValue, checkedAt, verifiedAt };
}

/** Its channel says what the owner sees of it; nothing of a kind no channel here knows. */
function exportedDelivery(delivery: DeliveryRecord, channels: OutboxChannels): ExportedDelivery {
  const data = channels.of(delivery.kind)?.exported(delivery) ?? {};
  return { kind: delivery.kind, status: delivery.status, createdAt: delivery.createdAt, data };
}

/** The signed-in account's own data (GDPR Art. 15/20), in one call. */
export class ExportAccount {
  constructor(
    private readonly deps: Pick<
      Ports,
      'accounts' | 'passkeys' | 'domainVerifications' | 'sessions' | 'auditLog' | 'clock'
    >,
    private readonly channels: OutboxChannels,
  ) {}

  async execute(input: {
    userId: string;
    pageSize?: number;
  }): Promise<Result<AccountExport, ErrorOf<'UserNotFound'>>> {
    const account = await this.deps.accounts.findById(input.userId);
    if (!account) return err({ type: 'UserNotFound' });
    const [entitlements, passkeys, verification, signInFailures, deliveries, sessions] = await Promise.all([
      this.deps.accounts.entitlementsOf(account.id),
      this.deps.passkeys.listByUser(account.id),
      this.deps.domainVerifications.find(account.id),
      this.deps.accounts.signInFailuresOf(account.id),
      this.deps.accounts.deliveriesOf(account.id),
      this.deps.sessions.listByUser(account.id),
    ]);
    return ok({
      exportedAt: this.deps.clock.now(),
      account,
      entitlements: entitlements.map(entitlementView),
      // What the owner may see of each: never the credential's public key or counter.
      passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
      domainVerification: verification ? exportedVerification(verification) : null,
      signInFailures,
      deliveries: deliveries.map((delivery) => exportedDelivery(delivery, this.channels)),
      sessions: sessions.map((session) => ({ ...sessionView(session), revokedAt: session.revokedAt })),
      securityEvents: this.events(account.id, input.pageSize ?? EXPORT_PAGE_SIZE),
    });
  }

  private async *events(userId: string, limit: number): AsyncGenerator<SecurityEvent> {
    let before: AuditPosition | null = null;
    for (;;) {
      const page = await this.deps.auditLog.listByUser(userId, { before, limit });
      for (const { position: _position, ...event } of page) yield event;
      const last = page.at(-1);
      if (page.length < limit || !last) return;
      before = last.position;
    }
  }
}
