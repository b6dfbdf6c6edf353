import { KyselySsfStreamRepository } from '@accounts/adapters';
import type { SsfStream, SsfStreamRepository } from '@accounts/application';
import { anSsfStream, InMemorySsfStreamRepository } from '@accounts/application/testing';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { SSF_EVENTS_SUPPORTED, SSF_POLL, SSF_PUSH } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { openForSuite } from './contract-subjects.js';

const databases = await testDatabaseTargets();
type Subject = { streams: SsfStreamRepository; close(): Promise<void> };

const targets: { label: string; open: () => Promise<Subject> }[] = [
  {
    label: 'in-memory',
    open: () =>
      Promise.resolve({ streams: new InMemorySsfStreamRepository(), close: () => Promise.resolve() }),
  },
  ...databases.map((target) => ({
    label: `kysely on ${target.label}`,
    open: async (): Promise<Subject> => {
      const database = await target.create();
      return { streams: new KyselySsfStreamRepository(database.db), close: () => database.close() };
    },
  })),
];

let streams = 0;
function aStream(overrides: Partial<SsfStream> = {}): SsfStream {
  streams += 1;
  return anSsfStream(`stream-${streams}`, {
    receiver: `receiver-${streams}`,
    delivery: { method: SSF_POLL, endpointUrl: `https://tx.example/api/ssf/poll/stream-${streams}` },
    ...overrides,
  });
}

describe.each(targets)('SsfStreamRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('keeps a stream as created, found by its receiver', async () => {
    const stream = aStream({
      delivery: {
        method: SSF_PUSH,
        endpointUrl: 'https://rx.example/events',
        authorizationHeader: 'Bearer x',
      },
      eventsRequested: ['urn:unknown', SSF_EVENTS_SUPPORTED[0]!],
      eventsDelivered: [SSF_EVENTS_SUPPORTED[0]!],
      description: 'ours',
    });
    expect(await subject.streams.create(stream)).toBe(true);
    expect(await subject.streams.ofReceiver(stream.receiver)).toEqual(stream);
    expect(await subject.streams.ofId(stream.id)).toEqual(stream);
    expect(await subject.streams.ofReceiver('nobody')).toBeNull();
    expect(await subject.streams.ofId('nothing')).toBeNull();
  });

  it('keeps one stream per receiver', async () => {
    const stream = aStream();
    expect(await subject.streams.create(stream)).toBe(true);
    expect(await subject.streams.create({ ...aStream(), receiver: stream.receiver })).toBe(false);
    expect((await subject.streams.ofReceiver(stream.receiver))?.id).toBe(stream.id);
  });

  it('updates the configuration and status, never the receiver', async () => {
    const stream = aStream();
    await subject.streams.create(stream);
    const updated: SsfStream = {
      ...stream,
      receiver: 'someone-else',
      status: 'paused',
      statusReason: 'maintenance',
      description: 'now',
      updatedAt: new Date('2026-01-02T00:00:00.000Z'),
    };
    await subject.streams.update(updated);
    expect(await subject.streams.ofReceiver(stream.receiver)).toEqual({
      ...updated,
      receiver: stream.receiver,
    });
  });

  it('deletes a stream with its excluded subjects', async () => {
    const stream = aStream();
    await subject.streams.create(stream);
    await subject.streams.excludeSubject(stream.id, 'u1');
    expect(await subject.streams.delete(stream.id)).toBe(true);
    expect(await subject.streams.delete(stream.id)).toBe(false);
    expect(await subject.streams.ofReceiver(stream.receiver)).toBeNull();
    await subject.streams.create(stream);
    expect(await subject.streams.excludingUser([stream.id], 'u1')).toEqual([]);
  });

  it('excludes and includes subjects per stream', async () => {
    const a = aStream();
    const b = aStream();
    await subject.streams.create(a);
    await subject.streams.create(b);
    await subject.streams.excludeSubject(a.id, 'u1');
    await subject.streams.excludeSubject(a.id, 'u1');
    expect(await subject.streams.excludingUser([a.id, b.id], 'u1')).toEqual([a.id]);
    expect(await subject.streams.excludingUser([a.id, b.id], 'u2')).toEqual([]);
    await subject.streams.includeSubject(a.id, 'u1');
    expect(await subject.streams.excludingUser([a.id, b.id], 'u1')).toEqual([]);
  });

  it('records a verification only after the interval', async () => {
    const stream = aStream();
    await subject.streams.create(stream);
    const t0 = new Date('2026-01-01T00:00:00.000Z');
    const t29 = new Date('2026-01-01T00:00:29.000Z');
    const t30 = new Date('2026-01-01T00:00:30.000Z');
    expect(await subject.streams.recordVerification(stream.id, t0, new Date(t0.getTime() - 30_000))).toBe(
      true,
    );
    expect(await subject.streams.recordVerification(stream.id, t29, new Date(t29.getTime() - 30_000))).toBe(
      false,
    );
    expect(await subject.streams.recordVerification(stream.id, t30, new Date(t30.getTime() - 30_000))).toBe(
      true,
    );
    expect((await subject.streams.ofReceiver(stream.receiver))?.lastVerificationAt).toEqual(t30);
  });

  it('lists every stream', async () => {
    const stream = aStream();
    await subject.streams.create(stream);
    expect((await subject.streams.all()).map((s) => s.id)).toContain(stream.id);
  });
});
