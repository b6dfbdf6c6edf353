import type { Result } from '@accounts/domain';
import type { AuditLog, Outbox, OutboxEntry, Ports, TransactionalPorts, UnitOfWork } from '../ports.js';
import type { OutboxDelivery } from './outbox-delivery.js';

export type OutboxingOptions = {
  /** How long the request's own entries (billing cancellations) are left to it before the worker may take them. */
  leaseMs: number;
  /** Called after a commit that queued entries for the worker (webhooks). */
  onQueued?: () => void;
};

/**
 * The one place where a committed change becomes its side effects. Inside the transaction, every
 * audit record also queues what each channel of `delivery` queues for it (a webhook event when
 * webhooks are configured), so every use case that audits a change gets its entries. After the
 * commit, the entries the request tries first (billing cancellations) are delivered at once (each
 * bounded by its gateway's timeout) before `run` returns, and the worker is woken for the rest.
 * Nothing is sent when the work rolls back.
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
    const own = queued.filter((entry) => this.triedByRequest(entry.kind));
    if (own.length < queued.length) this.options.onQueued?.();
    await Promise.all(own.map((entry) => this.delivery.deliver(entry)));
    return result;
  }

  private triedByRequest(kind: string): boolean {
    return this.delivery.channels.of(kind)?.firstTry === 'request';
  }

  private decorate(tx: TransactionalPorts, queued: OutboxEntry[]): TransactionalPorts {
    const leaseMs = this.joinsOuterTransaction ? undefined : this.options.leaseMs;
    const outbox: Outbox = {
      enqueue: async (message, options) => {
        const own = this.triedByRequest(message.kind) && leaseMs !== undefined;
        const entry = await tx.outbox.enqueue(message, own ? { leaseMs } : options);
        queued.push(entry);
        return entry;
      },
    };
    const auditLog: AuditLog = {
      append: async (record) => {
        const auditId = await tx.auditLog.append(record);
        const context = { tx, at: this.deps.clock.now(), auditId };
        for (const channel of this.delivery.channels.all) {
          for (const message of await channel.queueFor(record, context)) await outbox.enqueue(message);
        }
        return auditId;
      },
      listByUser: (userId, page) => tx.auditLog.listByUser(userId, page),
    };
    return { ...tx, auditLog, outbox };
  }
}
