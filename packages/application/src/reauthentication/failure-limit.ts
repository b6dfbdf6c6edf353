import {
  CLEAN_FAILURE_STATE,
  err,
  locksPlacedBy,
  ok,
  releaseAttempt,
  reserveAttempt,
  type DomainError,
  type DomainErrorType,
  type ErrorOf,
  type FailureLimitPolicy,
  type FailureState,
  type Reservation,
  type ReserveVerdict,
  type Result,
} from '@accounts/domain';
import type { Ports, VersionedFailureState } from '../ports.js';
import { UNOBSERVED, type AuthCheckObserver } from './auth-check-observer.js';
import { KeyedSerial } from './keyed-serial.js';
import { KnownFailureStates } from './known-failure-states.js';

/** Refusals that count towards the failure limit: a wrong password or code was checked. */
const CREDENTIAL_FAILURES: readonly DomainErrorType[] = [
  'InvalidPassword',
  'InvalidTwoFactorCode',
  'InvalidVerificationCode',
];

export function isCredentialFailure(error: { type: DomainErrorType }): boolean {
  return CREDENTIAL_FAILURES.includes(error.type);
}

/** The client of a request that did not say where it came from: all such requests share one budget. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * How many times a reservation reads and tries again when parallel requests keep changing the
 * counts first. Each round one of them gets through, so this bounds parallel requests of one
 * account, far above what route protection lets one client send.
 */
const MAX_ROUNDS = 100;

const USER_GONE = Symbol('user gone');

type Change<T> = (state: FailureState) => { next: FailureState; value: T } | { refused: T };

/**
 * Failed password and code checks per account and client and per account, kept in the database
 * so every instance shares them. The one place that decides what a check's outcome does to them.
 * This process's changes of one account run one at a time (other instances are kept out by the
 * compare-and-set), starting from the counts it last wrote: usually one statement per change.
 */
export class FailureLimit {
  private readonly serial = new KeyedSerial();
  private readonly known = new KnownFailureStates();

  constructor(
    private readonly deps: Pick<Ports, 'authFailures' | 'clock' | 'logger'>,
    private readonly policy: FailureLimitPolicy,
    private readonly observer: AuthCheckObserver = UNOBSERVED,
  ) {}

  /**
   * Runs `check` on one attempt taken from the budgets of `userId` (from `client`) beforehand, or
   * answers TooManyAttempts without running it while either is locked (UserNotFound when the user
   * was deleted since it was read). Then: `check` passed (ok),
   * a success, resets this client's and the account's counts; a wrong password or code keeps the
   * attempt counted; any other answer (a code missing, a state that does not allow the change) or
   * a throw gives the attempt back. `read`: the counts of `userId` and `client` as the caller just
   * read them with the user (findWithFailureCounts), which the reservation starts from.
   */
  async attempt<T, E extends DomainError>(
    userId: string,
    client: string | undefined,
    check: () => Promise<Result<T, E>>,
    read?: VersionedFailureState,
  ): Promise<Result<T, E | ErrorOf<'TooManyAttempts' | 'UserNotFound'>>> {
    const from = client ?? UNKNOWN_CLIENT;
    const reserved = await this.reserve(userId, from, read);
    if (!reserved.ok) return reserved;

    let outcome: Result<T, E>;
    try {
      outcome = await check();
    } catch (error) {
      await this.release(userId, from, reserved.value).catch((releaseError: unknown) =>
        this.deps.logger.error(
          { event: 'auth_attempt_release_failed', userId, err: releaseError },
          'A reserved attempt could not be given back',
        ),
      );
      throw error;
    }

    if (outcome.ok) {
      await this.reset(userId, from);
    } else if (isCredentialFailure(outcome.error)) {
      this.recordFailure(userId, from, outcome.error.type, reserved.value);
    } else {
      await this.release(userId, from, reserved.value);
    }
    return outcome;
  }

  private async reserve(
    userId: string,
    client: string,
    read: VersionedFailureState | undefined,
  ): Promise<Result<Reservation, ErrorOf<'TooManyAttempts' | 'UserNotFound'>>> {
    const now = this.deps.clock.now();
    const verdict = await this.change<ReserveVerdict>(
      userId,
      client,
      (state) => {
        const reserved = reserveAttempt(state, now, this.policy);
        return reserved.reserved ? { next: reserved.next, value: reserved } : { refused: reserved };
      },
      read,
    );
    if (verdict === USER_GONE) return err({ type: 'UserNotFound' });
    if (verdict.reserved) return ok(verdict.reservation);
    this.observer.refusedWhileLocked();
    return err({ type: 'TooManyAttempts', retryAfterSeconds: verdict.retryAfterSeconds });
  }

  private async release(userId: string, client: string, reservation: Reservation): Promise<void> {
    await this.change(userId, client, (state) => ({
      next: releaseAttempt(state, reservation),
      value: undefined,
    }));
  }

  private reset(userId: string, client: string): Promise<void> {
    return this.serial.run(userId, async () => {
      const version = await this.deps.authFailures.reset(userId, client);
      if (version === null) this.known.forget(userId, client);
      else this.known.set(userId, client, { version, state: CLEAN_FAILURE_STATE });
    });
  }

  /** The reserved attempt stays counted; a lock it placed now holds. */
  private recordFailure(userId: string, client: string, reason: DomainErrorType, reservation: Reservation) {
    this.observer.failedCheck(reason);
    const placed = locksPlacedBy(reservation);
    for (const scope of ['client', 'account'] as const) {
      if (!placed[scope]) continue;
      this.deps.logger.warn(
        { event: 'account_locked', userId, scope, ...(scope === 'client' ? { client } : {}) },
        scope === 'client'
          ? 'Too many failed attempts from one client'
          : 'Too many failed attempts on the account',
      );
      this.observer.locked();
    }
  }

  /**
   * Decides on the counts and writes them back only if nobody changed them meanwhile, starting
   * from the counts the caller just read (`read`), else those this process last wrote, and reading
   * them again whenever they have moved. USER_GONE when the user no longer exists (a parallel request deleted it after it was read):
   * then there is nothing to count or give back.
   */
  private change<T>(
    userId: string,
    client: string,
    decide: Change<T>,
    read?: VersionedFailureState,
  ): Promise<T | typeof USER_GONE> {
    return this.serial.run(userId, async () => {
      // A read made with the user is as stored as one made here, unless this process wrote since.
      const known = this.known.get(userId, client);
      const fresh = read !== undefined && (known === undefined || read.version >= known.version);
      let found = fresh ? read : known;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const remembered = found !== undefined && !(fresh && round === 0);
        found ??= (await this.deps.authFailures.find(userId, client)) ?? undefined;
        if (!found) {
          this.known.forget(userId, client);
          return USER_GONE;
        }
        const { version, state } = found;
        const decision = decide(state);
        if ('refused' in decision) {
          // Only the stored counts refuse: another instance may have lifted the lock since.
          if (!remembered) return decision.refused;
          found = undefined;
          continue;
        }
        if (await this.deps.authFailures.save(userId, client, version, decision.next)) {
          this.known.set(userId, client, { version: version + 1, state: decision.next });
          return decision.value;
        }
        found = undefined;
      }
      this.known.forget(userId, client);
      throw new Error(`The failure counts of user ${userId} kept changing under ${MAX_ROUNDS} attempts`);
    });
  }
}
