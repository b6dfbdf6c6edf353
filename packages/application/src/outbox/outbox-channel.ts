import type { AuditRecord, DeliveryOutcome } from '@accounts/domain';
import type { OutboxChannelKind, OutboxEntryOf, OutboxMessageOf, TransactionalPorts } from '../ports.js';

/** What a channel is handed to queue its entries for an audited change. */
export type QueueContext = {
  /** The change's transaction: what the channel reads here is what the change sees. */
  tx: TransactionalPorts;
  /** The change's time, as the unit of work's clock tells it. */
  at: Date;
  /** The change's audit record id: the one name of the change its entries share (SSF `txn`). */
  auditId: string;
};

/** How the delivery's log lines name an entry of the channel. */
export type ChannelLogLine = {
  /** The attempt, as in "<what> failed; will retry": `Webhook delivery`. */
  what: string;
  /** The line of a delivered entry: `Webhook delivered`. */
  delivered: string;
  /** The entry's own details beside its id, user and attempts (never a secret). */
  details: Record<string, unknown>;
};

/**
 * One kind of side effect of a committed change, in one module: what it queues for an audited
 * change, how it delivers one entry, and when it gives up. The outbox keeps a line per user and
 * channel, so a receiver that hangs holds back only its own channel's entries.
 */
export interface OutboxChannel<K extends OutboxChannelKind = OutboxChannelKind> {
  /** The entries' `kind`; one channel per kind. */
  readonly kind: K;
  /**
   * Who tries an entry first: `request`, the request that committed it, right after the commit
   * and before it answers (the entry is written leased to it); `worker`, the outbox worker, woken
   * by the commit.
   */
  readonly firstTry: 'request' | 'worker';
  /** True: a user's entries are first tried in the order of their changes (the worker's claim waits). */
  readonly inOrder: boolean;
  /** How long after the change a transient failure is still retried; null: without end. */
  readonly maxAgeMs: number | null;
  /**
   * The longest one attempt can take (its receiver's timeout), when longer than the worker's own
   * lease allows: the worker leases its claims for twice that, plus a margin, so that no other
   * claimer takes an entry while its attempt is under way. None: the worker's lease suffices.
   */
  readonly attemptTimeoutMs?: number;
  /** The entries this audited change queues, in its transaction ([] for none). */
  queueFor(record: AuditRecord, context: QueueContext): Promise<OutboxMessageOf<K>[]>;
  /** One attempt. A throw is a bug, not an answer: logged as an error and retried. */
  attempt(entry: OutboxEntryOf<K>): Promise<DeliveryOutcome>;
  /** How the delivery's log lines name the entry. */
  logLine(entry: OutboxEntryOf<K>): ChannelLogLine;
  /** What the owner's export shows of the entry (never a signature, secret or token). */
  exported(message: OutboxMessageOf<K>): Record<string, unknown>;
}
