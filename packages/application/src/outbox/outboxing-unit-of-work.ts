import {
  customDomainOf,
  DROP_SERVICE,
  needsCurrentDomain,
  webhookEventOf,
  webhookShares,
  type Result,
} from '@accounts/domain';
import type { AuditLog, Outbox, OutboxEntry, Ports, TransactionalPorts, UnitOfWork } from '../ports.js';
import type { OutboxDelivery } from './outbox-delivery.js';

export type OutboxingOptions = {
  /** How long the request's own billing entries are left to it before the worker may take them. */
  leaseMs: number;
  /** Called after a commit that queued entries for the worker (webhooks). */
  onQueued?: () => void;
};

/**
 * The one place where a committed change becomes its side effects. Inside the transaction, every
 * audit record also queues its webhook event (when webhooks are configured), so every use case
 * that audits a change gets its event. After the commit, the billing cancellations the
 * transaction queued are delivered at once (each bounded by the gateway's timeout) before `run`
 * returns, and the worker is woken for the rest. Nothing is sent when the work rolls back.
 */
export class OutboxingUnitOfWork implements UnitOfWork {
  readonly joinsOuterTransaction: boolean;

  constructor(
    private readonly inner: UnitOfWork,
    private readonly deps: Pick<Ports, 'webhooks' | 'clock'>,
    private readonly delivery: OutboxDelivery,
    private readonly options: OutboxingOptions,
  ) {
    this.joinsOuterTransaction = inner.joinsOuterTransaction ?? false;
  }

  async run<T, E>(work: (tx: TransactionalPorts) => Promise<Result<T, E>>): Promise<Result<T, E>> {
    const queued: OutboxEntry[] = [];
    const result = await this.inner.run((tx) => work(this.decorate(tx, queued)));
    // Over a caller's transaction nothing is committed yet: the worker delivers once it is.
    if (!result.ok || queued.length === 0 || this.joinsOuterTransaction) return result;
    if (queued.some((entry) => entry.kind !== 'billing.cancel')) this.options.onQueued?.();
    await Promise.all(
      queued.filter((entry) => entry.kind === 'billing.cancel').map((entry) => this.delivery.deliver(entry)),
    );
    return result;
  }

  private decorate(tx: TransactionalPorts, queued: OutboxEntry[]): TransactionalPorts {
    const leaseMs = this.joinsOuterTransaction ? undefined : this.options.leaseMs;
    const outbox: Outbox = {
      enqueue: async (message, options) => {
        const own = message.kind === 'billing.cancel' && leaseMs !== undefined;
        const entry = await tx.outbox.enqueue(message, own ? { leaseMs } : options);
        queued.push(entry);
        return entry;
      },
    };
    const auditLog: AuditLog = {
      append: async (record) => {
        await tx.auditLog.append(record);
        if (!this.deps.webhooks.isConfigured) return;
        const currentDomain = needsCurrentDomain(record)
          ? customDomainOf(await tx.entitlements.findByService(record.userId, DROP_SERVICE))
          : null;
        const at = this.deps.clock.now();
        // A revocation of more than 100 sessions with a sid is told in shares of 100 (Bounded lists).
        for (const share of webhookShares(record)) {
          const event = webhookEventOf(share, { at, currentDomain });
          if (event) await outbox.enqueue({ kind: 'webhook', userId: record.userId, payload: event });
        }
      },
      listByUser: (userId, page) => tx.auditLog.listByUser(userId, page),
    };
    return { ...tx, auditLog, outbox };
  }
}
