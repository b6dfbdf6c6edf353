import { err, ok, type AuditPosition, type ErrorOf, type Result, type SecurityEvent } from '@accounts/domain';
import { entitlementView, type EntitlementView } from '../operator/account-view.js';
import type { AccountRecord, Ports } from '../ports.js';
import { sessionView, type ExportedSession } from '../sessions/session-view.js';
import type { PasskeySummary } from './list-passkeys.use-case.js';

/** How many security events one read of the export fetches. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Everything the service keeps about one account, as its owner may see it: never a hash, secret,
 * backup code, challenge or public key. The security events are read page by page as they are
 * consumed (keyset pages, newest first), so an account with any number of them is exported in
 * bounded memory.
 */
export type AccountExport = {
  exportedAt: Date;
  account: AccountRecord;
  entitlements: EntitlementView[];
  passkeys: PasskeySummary[];
  /** Every session record kept for the account: live, revoked or expired, most recently seen first. */
  sessions: ExportedSession[];
  securityEvents: AsyncIterable<SecurityEvent>;
};

/** The signed-in account's own data (GDPR Art. 15/20), in one call. */
export class ExportAccount {
  constructor(
    private readonly deps: Pick<Ports, 'accounts' | 'passkeys' | 'sessions' | 'auditLog' | 'clock'>,
  ) {}

  async execute(input: {
    userId: string;
    pageSize?: number;
  }): Promise<Result<AccountExport, ErrorOf<'UserNotFound'>>> {
    const account = await this.deps.accounts.findById(input.userId);
    if (!account) return err({ type: 'UserNotFound' });
    const [entitlements, passkeys, sessions] = await Promise.all([
      this.deps.accounts.entitlementsOf(account.id),
      this.deps.passkeys.listByUser(account.id),
      this.deps.sessions.listByUser(account.id),
    ]);
    return ok({
      exportedAt: this.deps.clock.now(),
      account,
      entitlements: entitlements.map(entitlementView),
      // What the owner may see of each: never the credential's public key or counter.
      passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
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
