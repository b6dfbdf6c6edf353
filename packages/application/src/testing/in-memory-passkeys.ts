import { err, ok } from '@accounts/domain';
import type {
  Clock,
  NewPasskey,
  PasskeyCeremony,
  PasskeyChallengeRepository,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeyRepository,
  PasskeyVerifier,
  StoredPasskey,
  VerifiedCredential,
} from '../ports.js';
import type { InMemoryDatabase } from './in-memory-database.js';

export class InMemoryPasskeyRepository implements PasskeyRepository {
  private lastId = 0;

  constructor(
    private readonly db: InMemoryDatabase,
    private readonly clock: Clock,
  ) {}

  listByUser(userId: string) {
    return Promise.resolve(this.db.passkeys.filter((passkey) => passkey.userId === userId));
  }

  countByUser(userId: string) {
    return Promise.resolve(this.db.passkeys.filter((passkey) => passkey.userId === userId).length);
  }

  add(passkey: NewPasskey) {
    if (this.db.passkeys.some((stored) => stored.credentialId === passkey.credentialId)) {
      return Promise.resolve(err({ type: 'PasskeyAlreadyRegistered' as const }));
    }
    const stored: StoredPasskey = {
      ...passkey,
      transports: [...passkey.transports],
      id: `passkey-${++this.lastId}`,
      createdAt: this.clock.now(),
      lastUsedAt: null,
    };
    this.db.passkeys.push(stored);
    return Promise.resolve(ok(stored));
  }

  removeAllByUser(userId: string) {
    this.db.passkeys = this.db.passkeys.filter((passkey) => passkey.userId !== userId);
    return Promise.resolve();
  }

  remove(userId: string, id: string) {
    const found = this.db.passkeys.find((passkey) => passkey.userId === userId && passkey.id === id);
    if (found) this.db.passkeys = this.db.passkeys.filter((passkey) => passkey !== found);
    return Promise.resolve(found ?? null);
  }

  recordUse(id: string, use: { expected: number; counter: number; at: Date }) {
    const index = this.db.passkeys.findIndex((passkey) => passkey.id === id);
    const found = this.db.passkeys[index];
    if (found?.counter !== use.expected) return Promise.resolve(false);
    this.db.passkeys[index] = { ...found, counter: use.counter, lastUsedAt: use.at };
    return Promise.resolve(true);
  }
}

export class InMemoryPasskeyChallengeRepository implements PasskeyChallengeRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  save(challenge: { userId: string; ceremony: PasskeyCeremony; challenge: string; expiresAt: Date }) {
    this.db.passkeyChallenges.push({ ...challenge });
    return Promise.resolve();
  }

  take(userId: string, ceremony: PasskeyCeremony) {
    const mine = (c: { userId: string; ceremony: PasskeyCeremony }) =>
      c.userId === userId && c.ceremony === ceremony;
    const latest = this.db.passkeyChallenges.filter(mine).at(-1);
    this.db.passkeyChallenges = this.db.passkeyChallenges.filter((c) => !mine(c));
    return Promise.resolve(latest ? { challenge: latest.challenge, expiresAt: latest.expiresAt } : null);
  }
}

/** What FakePasskeyVerifier takes for a registration response. */
export type FakeRegistrationResponse = {
  challenge: string;
  credentialId: string;
  /** False: the response does not verify (bad signature, origin, RP ID or user verification). */
  valid?: boolean;
};

/** What FakePasskeyVerifier takes for an assertion. */
export type FakeAssertion = { id: string; challenge: string; counter: number; valid?: boolean };

/**
 * A verifier with no cryptography: a response verifies when it names the expected challenge (and
 * for an assertion, the passkey's credential id) and is not marked invalid. Challenges are
 * `challenge-1`, `challenge-2`... in the order the options were made.
 */
export class FakePasskeyVerifier implements PasskeyVerifier {
  private issued = 0;
  /** The options made, in order. */
  readonly options: (PasskeyCreationOptions | PasskeyRequestOptions)[] = [];

  registrationOptions(input: {
    user: { id: string; email: string; displayName: string };
    exclude: readonly StoredPasskey[];
  }) {
    const options: PasskeyCreationOptions = {
      rp: { id: 'localhost', name: 'Test' },
      user: { id: input.user.id, name: input.user.email, displayName: input.user.displayName },
      challenge: `challenge-${++this.issued}`,
      pubKeyCredParams: [
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
      excludeCredentials: input.exclude.map(descriptor),
      authenticatorSelection: { userVerification: 'required' },
      attestation: 'none',
    };
    this.options.push(options);
    return Promise.resolve(options);
  }

  verifyRegistration(input: { response: unknown; expectedChallenge: string }) {
    const response = input.response as Partial<FakeRegistrationResponse> | null;
    if (!response || response.valid === false || response.challenge !== input.expectedChallenge) {
      return Promise.resolve(null);
    }
    const credential: VerifiedCredential = {
      credentialId: response.credentialId ?? 'credential',
      publicKey: 'public-key',
      counter: 0,
      transports: ['internal'],
    };
    return Promise.resolve(credential);
  }

  authenticationOptions(input: { allow: readonly StoredPasskey[] }) {
    const options: PasskeyRequestOptions = {
      challenge: `challenge-${++this.issued}`,
      rpId: 'localhost',
      allowCredentials: input.allow.map(descriptor),
      userVerification: 'required',
    };
    this.options.push(options);
    return Promise.resolve(options);
  }

  credentialIdOf(response: unknown): string | null {
    const id = (response as Partial<FakeAssertion> | null)?.id;
    return typeof id === 'string' ? id : null;
  }

  verifyAuthentication(input: { response: unknown; expectedChallenge: string; passkey: StoredPasskey }) {
    const response = input.response as Partial<FakeAssertion> | null;
    if (
      !response ||
      response.valid === false ||
      response.challenge !== input.expectedChallenge ||
      response.id !== input.passkey.credentialId
    ) {
      return Promise.resolve(null);
    }
    return Promise.resolve({ counter: response.counter ?? 0 });
  }
}

function descriptor(passkey: StoredPasskey) {
  return { id: passkey.credentialId, type: 'public-key' };
}
