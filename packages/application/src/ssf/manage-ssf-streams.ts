import {
  err,
  ok,
  SSF_MIN_VERIFICATION_INTERVAL_S,
  SSF_POLL,
  SSF_PUSH,
  ssfEventsDelivered,
  type Result,
  ssfStreamUpdatedEvent,
  ssfVerificationEvent,
  type SsfChangeEvent,
  type SsfStreamStatus,
} from '@accounts/domain';
import type { Clock, RandomSource } from '../ports.js';
import type { SsfDelivery, SsfStream, SsfStreamRepository } from './ssf-streams.js';

/** The refusals of stream management; the HTTP layer answers them as SSF 1.0 §8.1 says. */
export type SsfStreamError =
  /** No stream of this receiver has that id (another receiver's too: never an oracle). */
  | { type: 'StreamNotFound' }
  /** The receiver has a stream already (one per receiver): 409. */
  | { type: 'StreamExists' }
  /** The request cannot be a stream's configuration: 400 with the problem. */
  | { type: 'InvalidStreamConfiguration'; problem: string }
  /** A verification within min_verification_interval of the last: 429. */
  | { type: 'VerificationTooSoon'; retryAfterSeconds: number };

/** What a receiver sends of a stream's configuration (SSF 1.0 §8.1.1, names in camelCase). */
export type SsfStreamInput = {
  delivery?: { method: string; endpointUrl?: string; authorizationHeader?: string };
  eventsRequested?: string[];
  description?: string;
};

export type SsfStreamDeps = {
  streams: SsfStreamRepository;
  clock: Clock;
  random: Pick<RandomSource, 'integers'>;
  /**
   * Queues a SET of the stream's own (verification, stream-updated) in the outbox, on the stream's
   * line; none: those are not sent.
   */
  queueSet?: (streamId: string, change: SsfChangeEvent) => Promise<void>;
  /** Drops the stream's pending SETs (disabled or deleted: none are kept); none: left to the worker. */
  dropPending?: (streamId: string, problem: string) => Promise<void>;
  /** Makes the stream's held SETs deliverable at once (enabled after a pause); none: at their next look. */
  resumePending?: (streamId: string) => Promise<void>;
};

export type SsfStreamOptions = {
  /** The endpoint a poll stream of this id is read at (transmitter-supplied). */
  pollEndpoint: (streamId: string) => string;
  /** SSF_ALLOW_INSECURE_PUSH: an http endpoint_url is accepted. */
  allowInsecurePush: boolean;
};

type Target = { receiver: string; streamId: string };

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 24;

/** Receiver-driven stream management (SSF 1.0 §8.1): each receiver sees only its own stream. */
export class ManageSsfStreams {
  constructor(
    private readonly deps: SsfStreamDeps,
    private readonly options: SsfStreamOptions,
  ) {}

  async create(receiver: string, input: SsfStreamInput): Promise<Result<SsfStream, SsfStreamError>> {
    const id = this.newId();
    const delivery = this.deliveryOf(id, input.delivery);
    if (!delivery.ok) return delivery;
    const now = this.deps.clock.now();
    const stream: SsfStream = {
      id,
      receiver,
      delivery: delivery.value,
      eventsRequested: input.eventsRequested ?? null,
      eventsDelivered: ssfEventsDelivered(input.eventsRequested ?? null),
      description: input.description ?? null,
      status: 'enabled',
      statusReason: null,
      lastVerificationAt: null,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.deps.streams.create(stream))) return err({ type: 'StreamExists' });
    return ok(stream);
  }

  /** The receiver's stream (null: none); with a stream id, that one or StreamNotFound. */
  async read(receiver: string, streamId: string | null): Promise<Result<SsfStream | null, SsfStreamError>> {
    const stream = await this.deps.streams.ofReceiver(receiver);
    if (streamId === null) return ok(stream);
    return stream?.id === streamId ? ok(stream) : err({ type: 'StreamNotFound' });
  }

  /**
   * PATCH (`replace` false: what is given changes, the rest stays) or PUT (`replace` true: what
   * is not given goes back to its default). The stream's id, receiver and status stay.
   */
  async update(
    target: Target,
    input: SsfStreamInput,
    replace: boolean,
  ): Promise<Result<SsfStream, SsfStreamError>> {
    const stream = await this.own(target);
    if (!stream) return err({ type: 'StreamNotFound' });
    let delivery = stream.delivery;
    if (input.delivery !== undefined || replace) {
      const given = this.deliveryOf(stream.id, input.delivery);
      if (!given.ok) return given;
      delivery = given.value;
    }
    const eventsRequested = input.eventsRequested ?? (replace ? null : stream.eventsRequested);
    const updated: SsfStream = {
      ...stream,
      delivery,
      eventsRequested,
      eventsDelivered: ssfEventsDelivered(eventsRequested),
      description: input.description ?? (replace ? null : stream.description),
      updatedAt: this.deps.clock.now(),
    };
    await this.deps.streams.update(updated);
    return ok(updated);
  }

  async delete(target: Target): Promise<Result<void, SsfStreamError>> {
    const stream = await this.own(target);
    if (!stream || !(await this.deps.streams.delete(stream.id))) return err({ type: 'StreamNotFound' });
    await this.deps.dropPending?.(stream.id, 'the stream was deleted');
    return ok(undefined);
  }

  async status(target: Target): Promise<Result<SsfStream, SsfStreamError>> {
    const stream = await this.own(target);
    return stream ? ok(stream) : err({ type: 'StreamNotFound' });
  }

  async setStatus(
    target: Target,
    status: SsfStreamStatus,
    reason: string | null,
  ): Promise<Result<SsfStream, SsfStreamError>> {
    const stream = await this.own(target);
    if (!stream) return err({ type: 'StreamNotFound' });
    const updated: SsfStream = { ...stream, status, statusReason: reason, updatedAt: this.deps.clock.now() };
    await this.deps.streams.update(updated);
    if (status === 'disabled') await this.deps.dropPending?.(stream.id, 'the stream is disabled');
    if (status === 'enabled' && stream.status === 'paused') await this.deps.resumePending?.(stream.id);
    // SSF 1.0 stream-updated: told on the stream unless it is now disabled (nothing is kept then).
    if (status !== 'disabled' && status !== stream.status) {
      await this.deps.queueSet?.(stream.id, ssfStreamUpdatedEvent(stream.id, status, reason));
    }
    return ok(updated);
  }

  /** default_subjects ALL: every user is in; adding one removed before puts it back. */
  async addSubject(target: Target, userId: string | null): Promise<Result<void, SsfStreamError>> {
    const stream = await this.own(target);
    if (!stream) return err({ type: 'StreamNotFound' });
    // A subject of another issuer or format names no user here: nothing to do, and no oracle.
    if (userId !== null) await this.deps.streams.includeSubject(stream.id, userId);
    return ok(undefined);
  }

  async removeSubject(target: Target, userId: string | null): Promise<Result<void, SsfStreamError>> {
    const stream = await this.own(target);
    if (!stream) return err({ type: 'StreamNotFound' });
    if (userId !== null) await this.deps.streams.excludeSubject(stream.id, userId);
    return ok(undefined);
  }

  /** 204, or VerificationTooSoon within min_verification_interval of the last request. */
  async verify(target: Target, state: string | null = null): Promise<Result<SsfStream, SsfStreamError>> {
    const stream = await this.own(target);
    if (!stream) return err({ type: 'StreamNotFound' });
    const now = this.deps.clock.now();
    const intervalMs = SSF_MIN_VERIFICATION_INTERVAL_S * 1000;
    if (await this.deps.streams.recordVerification(stream.id, now, new Date(now.getTime() - intervalMs))) {
      await this.deps.queueSet?.(stream.id, ssfVerificationEvent(stream.id, state));
      return ok({ ...stream, lastVerificationAt: now });
    }
    const last = (await this.deps.streams.ofReceiver(target.receiver))?.lastVerificationAt ?? now;
    const waitMs = last.getTime() + intervalMs - now.getTime();
    return err({ type: 'VerificationTooSoon', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }

  private async own({ receiver, streamId }: Target): Promise<SsfStream | null> {
    const stream = await this.deps.streams.ofReceiver(receiver);
    return stream?.id === streamId ? stream : null;
  }

  private deliveryOf(
    streamId: string,
    given: SsfStreamInput['delivery'],
  ): Result<SsfDelivery, SsfStreamError> {
    const invalid = (problem: string) => err({ type: 'InvalidStreamConfiguration' as const, problem });
    if (given === undefined || given.method === SSF_POLL) {
      return ok({ method: SSF_POLL, endpointUrl: this.options.pollEndpoint(streamId) });
    }
    if (given.method !== SSF_PUSH) return invalid(`delivery method ${given.method} is not supported`);
    const endpointUrl = given.endpointUrl;
    if (endpointUrl === undefined || !URL.canParse(endpointUrl)) {
      return invalid('a push delivery needs an absolute endpoint_url');
    }
    const url = new URL(endpointUrl);
    const secure = url.protocol === 'https:';
    if (!secure && !(this.options.allowInsecurePush && url.protocol === 'http:')) {
      return invalid('endpoint_url must be https');
    }
    if (url.username !== '' || url.password !== '') return invalid('endpoint_url must not hold credentials');
    return ok({ method: SSF_PUSH, endpointUrl, authorizationHeader: given.authorizationHeader ?? null });
  }

  private newId(): string {
    return this.deps.random
      .integers(ID_LENGTH, ID_ALPHABET.length)
      .map((index) => ID_ALPHABET[index])
      .join('');
  }
}
