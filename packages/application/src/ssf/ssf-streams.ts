import type { SSF_POLL, SSF_PUSH } from '@accounts/domain';
import type { SsfChangeEvent, SsfStreamStatus } from '@accounts/domain';

/** How a stream's SETs reach its receiver. */
export type SsfDelivery =
  | {
      method: typeof SSF_PUSH;
      endpointUrl: string;
      /** Sent as the push's Authorization header; never logged, listed or exported. */
      authorizationHeader: string | null;
    }
  | { method: typeof SSF_POLL; endpointUrl: string };

/** One receiver's event stream (SSF 1.0 §8.1.1): one per receiver, its `aud` is the receiver. */
export type SsfStream = {
  id: string;
  /** The token's client_id (else azp, else sub) that created it: the stream's `aud`. */
  receiver: string;
  delivery: SsfDelivery;
  /** As the receiver asked; null: not asked (every supported event is delivered). */
  eventsRequested: string[] | null;
  eventsDelivered: string[];
  description: string | null;
  status: SsfStreamStatus;
  statusReason: string | null;
  lastVerificationAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The streams, as the transmitter keeps them. */
export interface SsfStreamRepository {
  /** Adds the stream unless its receiver has one: false then (one stream per receiver). */
  create(stream: SsfStream): Promise<boolean>;
  /** The receiver's stream, or null. */
  ofReceiver(receiver: string): Promise<SsfStream | null>;
  /** The stream of that id, or null. */
  ofId(id: string): Promise<SsfStream | null>;
  /** Every stream, oldest first. */
  all(): Promise<SsfStream[]>;
  /** Writes the stream's configuration, status and verification time (its id and receiver stay). */
  update(stream: SsfStream): Promise<void>;
  /** Removes the stream and its excluded subjects; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** The user's SETs are not sent on the stream from now on. */
  excludeSubject(streamId: string, userId: string): Promise<void>;
  /** The user's SETs are sent on the stream again (default_subjects ALL). */
  includeSubject(streamId: string, userId: string): Promise<void>;
  /** Of these streams, those that exclude the user. */
  excludingUser(streamIds: readonly string[], userId: string): Promise<string[]>;
  /**
   * Records a verification asked at `at` unless the last one was after `notAfter`: one of two
   * concurrent requests wins. False: too soon.
   */
  recordVerification(streamId: string, at: Date, notAfter: Date): Promise<boolean>;
}

/** What a push attempt came to: a delivery outcome, `invalidKey` for RFC 8935's `invalid_key`. */
export type SetPushOutcome =
  | { outcome: 'done'; note: string }
  | { outcome: 'transient'; problem: string; invalidKey?: boolean }
  | { outcome: 'permanent'; problem: string };

/** Pushes one signed SET to a receiver (RFC 8935). */
export interface SetPusher {
  push(request: {
    endpointUrl: string;
    authorizationHeader: string | null;
    set: string;
  }): Promise<SetPushOutcome>;
}

/** An SSF outbox entry's payload: the SET before its `aud`, `iat` and signature (never a secret). */
export type SsfSetPayload = {
  streamId: string;
  /** The audited change's transaction id, shared by its SETs; null for verification, stream-updated. */
  txn: string | null;
  change: SsfChangeEvent;
};

/** A poll stream's SETs as the outbox holds them (RFC 8936): read, acknowledged, refused. */
export interface SsfPollStore {
  /**
   * The stream's pending SETs queued since `since`, oldest first, at most `limit`, and whether
   * more wait.
   */
  pending(
    streamId: string,
    since: Date,
    limit: number,
  ): Promise<{ sets: { id: string; payload: SsfSetPayload }[]; more: boolean }>;
  /** The receiver has these SETs of the stream: done. Other ids are ignored. */
  acknowledge(streamId: string, jtis: readonly string[]): Promise<void>;
  /** Drops every pending SET of the stream (disabled or deleted: none are kept): failed, with `problem`. */
  dropPending(streamId: string, problem: string): Promise<void>;
  /** Makes every pending SET of the stream due now (enabled again after a pause). */
  resumePending(streamId: string): Promise<void>;
  /** The receiver refused these SETs of the stream (`setErrs`): failed, with its error. */
  refuse(streamId: string, errors: readonly { jti: string; problem: string }[]): Promise<void>;
}
