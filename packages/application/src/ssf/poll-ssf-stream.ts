import { err, ok, SSF_POLL, type Result } from '@accounts/domain';
import { signedSet, type SetSigner } from '../outbox/channels/ssf/ssf.channel.js';
import type { Clock } from '../ports.js';
import type { SsfStreamError } from './manage-ssf-streams.js';
import type { SsfPollStore, SsfStreamRepository } from './ssf-streams.js';

export type PollInput = {
  receiver: string;
  streamId: string;
  /** RFC 8936 `maxEvents`; null: the default. 0: acknowledge only. */
  maxEvents: number | null;
  returnImmediately: boolean;
  ack: readonly string[];
  setErrs: readonly { jti: string; err: string; description: string | null }[];
  /** Aborted when the server shuts down: a waiting poll answers at once with what it has. */
  signal: AbortSignal;
};

export type PollAnswer = { sets: Record<string, string>; moreAvailable: boolean };

export type PollOptions = {
  issuer: string;
  /** WEBHOOK_MAX_AGE_MS: a SET older than this is no longer handed out. */
  maxAgeMs: number;
  /** How long a poll without returnImmediately waits for a SET (decisions.md: 10 s). */
  waitMs: number;
  /** How often a waiting poll looks again. */
  checkEveryMs: number;
};

const DEFAULT_MAX_EVENTS = 100;
const MOST_EVENTS = 1000;

/** RFC 8936 poll of a receiver's own poll stream: acknowledge, refuse, then hand out SETs, signed now. */
export class PollSsfStream {
  constructor(
    private readonly deps: {
      streams: SsfStreamRepository;
      sets: SsfPollStore;
      signer: SetSigner;
      clock: Clock;
    },
    private readonly options: PollOptions,
  ) {}

  async execute(input: PollInput): Promise<Result<PollAnswer, SsfStreamError>> {
    const stream = await this.deps.streams.ofReceiver(input.receiver);
    if (stream?.id !== input.streamId) return err({ type: 'StreamNotFound' });
    if (stream.delivery.method !== SSF_POLL) {
      return err({ type: 'InvalidStreamConfiguration', problem: 'the stream is delivered by push' });
    }
    if (input.ack.length > 0) await this.deps.sets.acknowledge(stream.id, input.ack);
    if (input.setErrs.length > 0) {
      await this.deps.sets.refuse(
        stream.id,
        input.setErrs.map(({ jti, err: code, description }) => ({
          jti,
          problem: `the receiver refused it: ${code}${description ? ` (${description})` : ''}`,
        })),
      );
    }
    const limit = Math.min(input.maxEvents ?? DEFAULT_MAX_EVENTS, MOST_EVENTS);
    if (limit === 0) return ok({ sets: {}, moreAvailable: false });
    const deadline = Date.now() + this.options.waitMs;
    for (;;) {
      const current = await this.deps.streams.ofId(stream.id);
      // Paused: held until enabled; disabled: none are kept.
      const found =
        current?.status === 'enabled'
          ? await this.deps.sets.pending(stream.id, this.since(), limit)
          : { sets: [], more: false };
      const waiting = !input.returnImmediately && !input.signal.aborted && Date.now() < deadline;
      if (found.sets.length > 0 || !waiting) {
        const now = this.deps.clock.now();
        const sets: Record<string, string> = {};
        for (const entry of found.sets) {
          sets[entry.id] = await signedSet(entry, current ?? stream, {
            issuer: this.options.issuer,
            signer: this.deps.signer,
            now,
          });
        }
        return ok({ sets, moreAvailable: found.more });
      }
      await pause(Math.min(this.options.checkEveryMs, deadline - Date.now()), input.signal);
    }
  }

  private since(): Date {
    return new Date(this.deps.clock.now().getTime() - this.options.maxAgeMs);
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
