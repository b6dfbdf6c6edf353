import { describe, expect, it } from 'vitest';
import {
  CAEP_CREDENTIAL_CHANGE,
  RISC_ACCOUNT_DISABLED,
  RISC_ACCOUNT_ENABLED,
  SSF_POLL,
} from '@accounts/domain';
import {
  INVALID_KEY_RETRY_MS,
  OutboxDelivery,
  OutboxWorker,
  ssfChannel,
  type OutboxChannel,
  type SetPushOutcome,
  type SsfStream,
} from '@accounts/application';
import { anSsfStream } from '@accounts/application/testing';
import { PASSWORD, setUp } from './support.js';

const POLICY = { retryBaseMs: 1_000, retryMaxMs: 60_000, webhookMaxAgeMs: 3_600_000 };
const ISSUER = 'https://tx.example';
const IDP = 'https://idp.example';
const PUSH_TIMEOUT_MS = 30_000;

const stream = anSsfStream;

function withSsf() {
  const pushed: { endpointUrl: string; claims: Record<string, unknown> }[] = [];
  let answer: SetPushOutcome = { outcome: 'done', note: '202' };
  const channels: OutboxChannel[] = [];
  // The channel is built on the test ports before the use cases take it (setUp's adjust).
  const t = setUp({ outbox: { policy: POLICY, channels } }, (ports) => {
    channels.push(
      ssfChannel(
        {
          clock: ports.clock,
          streams: ports.ssfStreams,
          // The claims as JSON: the signature is the adapter's (JoseSetSigner's tests).
          signer: { sign: (claims) => Promise.resolve(JSON.stringify(claims)) },
          pusher: {
            push: (request) => {
              pushed.push({
                endpointUrl: request.endpointUrl,
                claims: JSON.parse(request.set) as Record<string, unknown>,
              });
              return Promise.resolve(answer);
            },
          },
        },
        {
          issuer: ISSUER,
          providerIssuer: IDP,
          maxAgeMs: POLICY.webhookMaxAgeMs,
          pushTimeoutMs: PUSH_TIMEOUT_MS,
        },
      ),
    );
  });
  const worker = new OutboxWorker(t.ports, new OutboxDelivery(t.ports, POLICY, undefined, channels), {
    pollMs: 60_000,
    leaseMs: 10_000,
  });
  const addStream = async (s: SsfStream) => {
    await t.ports.ssfStreams.create(s);
    return s;
  };
  const ssfEntries = () => t.ports.outbox.entries({ kind: 'ssf' });
  return {
    t,
    channels,
    worker,
    pushed,
    addStream,
    ssfEntries,
    answerWith(next: SetPushOutcome) {
      answer = next;
    },
  };
}

describe('the SSF channel', () => {
  it('queues one SET per stream in the change’s transaction and pushes each, in the order of the changes', async () => {
    const s = withSsf();
    await s.addStream(stream('a'));
    await s.addStream(stream('b'));
    const user = s.t.addUser();
    await s.t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await s.t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD });
    expect(s.ssfEntries()).toHaveLength(4);

    await s.worker.runOnce();
    await s.worker.runOnce();
    const toA = s.pushed.filter((p) => p.endpointUrl === 'https://a.example/events');
    expect(toA.map((p) => Object.keys(p.claims.events as object)[0])).toEqual([
      RISC_ACCOUNT_DISABLED,
      RISC_ACCOUNT_ENABLED,
    ]);
    const first = toA[0]!.claims;
    const entry = s.ssfEntries().find((e) => e.id === first.jti)!;
    expect(first).toMatchObject({
      iss: ISSUER,
      aud: 'rx-a',
      jti: entry.id,
      sub_id: { format: 'iss_sub', iss: IDP, sub: user.id },
    });
    expect(first).not.toHaveProperty('sub');
    expect(first).not.toHaveProperty('exp');
    // One change, one txn in every stream's SET of it: the change's audit record id.
    const txnsOf = (type: string) =>
      s.pushed.filter((p) => type in (p.claims.events as object)).map((p) => p.claims.txn);
    const [enabled, disabled] = await s.t.ports.auditLog.listByUser(user.id, { before: null, limit: 2 });
    expect(txnsOf(RISC_ACCOUNT_DISABLED)).toEqual([disabled?.id, disabled?.id]);
    expect(txnsOf(RISC_ACCOUNT_ENABLED)).toEqual([enabled?.id, enabled?.id]);
    expect(disabled?.id).not.toBe(enabled?.id);
    expect(s.ssfEntries().every((e) => e.status === 'done')).toBe(true);
  });

  it('leases a claimed SET for twice the push timeout, beyond the worker’s own lease', async () => {
    const s = withSsf();
    await s.addStream(stream('slow'));
    const user = s.t.addUser();
    await s.t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await s.worker.runOnce();
    // Delivered: the entry keeps the lease its claim gave it.
    const [entry] = s.ssfEntries();
    expect(entry?.status).toBe('done');
    expect(entry?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      s.t.ports.clock.now().getTime() + 2 * PUSH_TIMEOUT_MS,
    );
  });

  it('queues nothing for a change that rolled back', async () => {
    const s = withSsf();
    await s.addStream(stream('a'));
    const user = s.t.addUser();
    const refused = await s.t.useCases.disableAccount.execute({
      userId: user.id,
      password: 'wrong password',
    });
    expect(refused.ok).toBe(false);
    expect(s.ssfEntries()).toEqual([]);
  });

  it('queues only the events a stream delivers, none to a disabled stream or one the user was removed from', async () => {
    const s = withSsf();
    await s.addStream(stream('only-credentials', { eventsDelivered: [CAEP_CREDENTIAL_CHANGE] }));
    await s.addStream(stream('disabled', { status: 'disabled' }));
    const removed = await s.addStream(stream('removed'));
    await s.addStream(stream('all'));
    const user = s.t.addUser();
    await s.t.ports.ssfStreams.excludeSubject(removed.id, user.id);
    await s.t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    expect(s.ssfEntries().map((e) => (e.payload as { streamId: string }).streamId)).toEqual(['all']);
  });

  it('holds a paused stream’s SETs and drops a disabled or deleted stream’s', async () => {
    const s = withSsf();
    const paused = await s.addStream(stream('p'));
    const gone = await s.addStream(stream('g'));
    const user = s.t.addUser();
    await s.t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await s.t.ports.ssfStreams.update({ ...paused, status: 'paused' });
    await s.t.ports.ssfStreams.delete(gone.id);
    await s.worker.runOnce();
    expect(s.pushed).toEqual([]);
    const byStream = (id: string) =>
      s.ssfEntries().find((e) => (e.payload as { streamId: string }).streamId === id);
    expect(byStream('p')).toMatchObject({ status: 'pending', lastError: 'the stream is paused' });
    expect(byStream('g')).toMatchObject({ status: 'failed', lastError: 'the stream was deleted' });
    // Held, not failed: nothing logged, not tried again at the backoff's pace.
    expect(s.t.ports.logger.entries.filter((e) => e.level !== 'info')).toEqual([
      expect.objectContaining({ level: 'error', message: 'SET delivery failed; given up' }),
    ]);
    await s.t.ports.ssfStreams.update({ ...paused, status: 'enabled' });
    s.t.ports.clock.advance(POLICY.retryMaxMs);
    await s.worker.runOnce();
    expect(s.pushed).toEqual([]);
  });

  it('keeps a poll stream’s SETs pending for its polls', async () => {
    const s = withSsf();
    await s.addStream(
      stream('q', { delivery: { method: SSF_POLL, endpointUrl: `${ISSUER}/api/ssf/poll/q` } }),
    );
    const user = s.t.addUser();
    await s.t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await s.worker.runOnce();
    expect(s.pushed).toEqual([]);
    expect(s.ssfEntries()).toMatchObject([{ status: 'pending' }]);
    // Waiting for a poll is no failure: not logged, not retried until it has aged out.
    expect(s.t.ports.logger.entries.filter((e) => e.level !== 'info')).toEqual([]);
    s.t.ports.clock.advance(POLICY.webhookMaxAgeMs - 1);
    await s.worker.runOnce();
    expect(s.ssfEntries()).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it('retries invalid_key for ten minutes after the change, then fails it; fails a final error at once', async () => {
    const s = withSsf();
    await s.addStream(stream('k'));
    const user = s.t.addUser();
    s.answerWith({ outcome: 'transient', problem: 'the receiver answered invalid_key', invalidKey: true });
    await s.t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await s.worker.runOnce();
    expect(s.ssfEntries()[0]).toMatchObject({ status: 'pending' });
    s.t.ports.clock.advance(INVALID_KEY_RETRY_MS);
    await s.worker.runOnce();
    expect(s.ssfEntries()[0]).toMatchObject({ status: 'failed' });

    s.answerWith({ outcome: 'permanent', problem: 'the receiver answered invalid_audience' });
    await s.t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD });
    await s.worker.runOnce();
    expect(s.ssfEntries()[1]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it.each([
    [['internal', 'hybrid'], 'fido2-platform'],
    [['usb', 'nfc'], 'fido2-roaming'],
  ])('names an added passkey with transports %j %s', async (transports, credentialType) => {
    const s = withSsf();
    await s.addStream(stream('pk'));
    const user = s.t.addUser();
    const added = await s.t.ports.passkeys.add({
      userId: user.id,
      name: 'Laptop',
      credentialId: `cred-${credentialType}`,
      publicKey: 'pk',
      counter: 0,
      transports,
    });
    if (!added.ok) throw new Error('not added');
    const [channel] = s.channels;
    const messages = await channel!.queueFor(
      { userId: user.id, event: 'PASSKEY_ADD', details: { passkeyId: added.value.id, name: 'Laptop' } },
      { tx: s.t.ports, at: new Date('2026-01-01T00:00:00Z'), auditId: '1' },
    );
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages[0]?.payload)).toContain(`"credential_type":"${credentialType}"`);
  });

  it.each([
    [['internal'], 'fido2-platform'],
    [['usb'], 'fido2-roaming'],
    [undefined, 'fido2-roaming'],
  ])(
    'names a removed passkey with transports %j %s (the ones its removal carries)',
    async (transports, credentialType) => {
      const s = withSsf();
      await s.addStream(stream('pk'));
      const user = s.t.addUser();
      const [channel] = s.channels;
      const messages = await channel!.queueFor(
        {
          userId: user.id,
          event: 'PASSKEY_REMOVE',
          details: { passkeyId: 'gone', name: 'Laptop' },
          ...(transports ? { removedPasskeyTransports: transports } : {}),
        },
        { tx: s.t.ports, at: new Date('2026-01-01T00:00:00Z'), auditId: '1' },
      );
      expect(JSON.stringify(messages[0]?.payload)).toContain(`"credential_type":"${credentialType}"`);
    },
  );

  it('exports the stream and the event type, never a signed SET', async () => {
    const s = withSsf();
    await s.addStream(stream('x'));
    const user = s.t.addUser();
    await s.t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    const channel = ssfChannel(
      {
        clock: s.t.ports.clock,
        streams: s.t.ports.ssfStreams,
        signer: { sign: () => Promise.resolve('signed') },
        pusher: { push: () => Promise.resolve({ outcome: 'done', note: '' }) },
      },
      { issuer: ISSUER, providerIssuer: IDP, maxAgeMs: 1, pushTimeoutMs: 1 },
    );
    const entry = s.ssfEntries()[0]!;
    expect(entry.kind === 'ssf' && channel.exported(entry)).toEqual({
      stream: 'x',
      event: RISC_ACCOUNT_DISABLED,
    });
  });
});
