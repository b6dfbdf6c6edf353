import {
  SSF_PUSH,
  type AuditRecord,
  ssfEventOf,
  ssfSetClaims,
  type DeliveryOutcome,
  type SsfSetClaims,
} from '@accounts/domain';
import type { OutboxEntryOf, OutboxMessageOf, Ports, TransactionalPorts } from '../../../ports.js';
import type { SetPusher, SsfStream, SsfStreamRepository } from '../../../ssf/ssf-streams.js';
import type { OutboxChannel } from '../../outbox-channel.js';

/** Signs a SET's claims (the first key of SSF_SIGNING_KEYS). */
export interface SetSigner {
  sign(claims: SsfSetClaims): Promise<string>;
}

export type SsfChannelDeps = Pick<Ports, 'clock'> & {
  /** Read at each attempt, outside any transaction: the stream as it is now. */
  streams: SsfStreamRepository;
  signer: SetSigner;
  pusher: SetPusher;
};

export type SsfChannelOptions = {
  /** The transmitter's issuer (PUBLIC_URL). */
  issuer: string;
  /** The identity provider's issuer: `iss` of the subjects. */
  providerIssuer: string;
  /** WEBHOOK_MAX_AGE_MS: how long a SET is retried (push) or kept for polls. */
  maxAgeMs: number;
  /** The pusher's timeout: the longest one push can take. */
  pushTimeoutMs: number;
};

/** RFC 8935's `invalid_key` is retried like a transient failure for this long after the change. */
export const INVALID_KEY_RETRY_MS = 10 * 60 * 1000;

/** An entry's SET: its claims with the stream's `aud`, the entry's id as `jti`, signed now. */
export function signedSet(
  entry: { id: string; payload: OutboxEntryOf<'ssf'>['payload'] },
  stream: SsfStream,
  context: { issuer: string; signer: SetSigner; now: Date },
): Promise<string> {
  return context.signer.sign(
    ssfSetClaims({
      issuer: context.issuer,
      audience: stream.receiver,
      jti: entry.id,
      issuedAt: context.now,
      txn: entry.payload.txn,
      change: entry.payload.change,
    }),
  );
}

/**
 * The transports of the passkey a PASSKEY_ADD names, read in the change's transaction (it is stored
 * by then), or those a PASSKEY_REMOVE carries (the passkey is gone by then); null otherwise.
 */
async function passkeyTransports(
  record: AuditRecord,
  tx: TransactionalPorts,
): Promise<readonly string[] | null> {
  if (record.event === 'PASSKEY_REMOVE') return record.removedPasskeyTransports ?? null;
  const id = record.details.passkeyId;
  if (record.event !== 'PASSKEY_ADD' || typeof id !== 'string') return null;
  const passkey = (await tx.passkeys.listByUser(record.userId)).find((stored) => stored.id === id);
  return passkey?.transports ?? null;
}

/**
 * The SSF transmitter (`ssf`, decisions.md "Security events for receivers"): an audited change
 * queues one SET per stream that delivers its event (not disabled, the user not removed from it),
 * in the change's transaction; the worker signs each at its attempt and pushes it (RFC 8935), a
 * user's in the order of the changes. A poll stream's SETs wait, pending, for the receiver's poll
 * (RFC 8936), which acks them; both are kept for WEBHOOK_MAX_AGE_MS after the change. A paused
 * stream's SETs wait; a disabled or deleted stream's are dropped.
 */
export function ssfChannel(deps: SsfChannelDeps, options: SsfChannelOptions): OutboxChannel<'ssf'> {
  return {
    kind: 'ssf',
    firstTry: 'worker',
    inOrder: true,
    maxAgeMs: options.maxAgeMs,
    attemptTimeoutMs: options.pushTimeoutMs,
    async queueFor(record, { tx, at, auditId }) {
      const change = ssfEventOf(record, {
        providerIssuer: options.providerIssuer,
        at,
        passkeyTransports: await passkeyTransports(record, tx),
      });
      if (!change) return [];
      const streams = (await tx.ssfStreams.all()).filter(
        (stream) => stream.status !== 'disabled' && stream.eventsDelivered.includes(change.type),
      );
      if (streams.length === 0) return [];
      const excluded = new Set(
        await tx.ssfStreams.excludingUser(
          streams.map((stream) => stream.id),
          record.userId,
        ),
      );
      return streams
        .filter((stream) => !excluded.has(stream.id))
        .map((stream): OutboxMessageOf<'ssf'> => ({
          kind: 'ssf',
          userId: record.userId,
          payload: { streamId: stream.id, txn: auditId, change },
        }));
    },
    async attempt(entry): Promise<DeliveryOutcome> {
      const stream = await deps.streams.ofId(entry.payload.streamId);
      // Dropped: nothing is kept for a disabled or deleted stream.
      if (!stream) return { outcome: 'permanent', problem: 'the stream was deleted' };
      if (stream.status === 'disabled') return { outcome: 'permanent', problem: 'the stream is disabled' };
      // Held, not failed: enabling the stream makes a paused one's SETs due at once; a poll takes the others.
      if (stream.status === 'paused') return { outcome: 'held', reason: 'the stream is paused' };
      if (stream.delivery.method !== SSF_PUSH) {
        return { outcome: 'held', reason: 'waiting for the receiver to poll' };
      }
      const now = deps.clock.now();
      const set = await signedSet(entry, stream, { issuer: options.issuer, signer: deps.signer, now });
      const pushed = await deps.pusher.push({
        endpointUrl: stream.delivery.endpointUrl,
        authorizationHeader: stream.delivery.authorizationHeader,
        set,
      });
      if (pushed.outcome === 'transient' && pushed.invalidKey === true) {
        const age = now.getTime() - entry.createdAt.getTime();
        if (age >= INVALID_KEY_RETRY_MS) return { outcome: 'permanent', problem: pushed.problem };
      }
      return pushed.outcome === 'transient' ? { outcome: 'transient', problem: pushed.problem } : pushed;
    },
    logLine: (entry) => ({
      what: 'SET delivery',
      delivered: 'SET delivered',
      details: { stream: entry.payload.streamId, event: entry.payload.change.type },
    }),
    exported: (message) => ({ stream: message.payload.streamId, event: message.payload.change.type }),
  };
}
