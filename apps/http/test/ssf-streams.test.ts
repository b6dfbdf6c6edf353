import { createUseCases, ManageSsfStreams } from '@accounts/application';
import {
  createTestPorts,
  FixedClock,
  InMemorySsfStreamRepository,
  SequenceRandom,
  seedUser,
} from '@accounts/application/testing';
import { CAEP_SESSION_REVOKED, ok, RISC_ACCOUNT_PURGED, SSF_EVENTS_SUPPORTED } from '@accounts/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountsApi } from '../src/app.js';
import { bearer, testConfig, tokenFor } from './support.js';

const ISSUER = 'https://accounts.example';
const PROVIDER = 'https://idp.example';
const PUSH = 'urn:ietf:rfc:8935';
const POLL = 'urn:ietf:rfc:8936';

type Rig = {
  app: FastifyInstance;
  streams: InMemorySsfStreamRepository;
  clock: FixedClock;
  ports: ReturnType<typeof createTestPorts>;
};
let rig: Rig;

async function rigUp(allowInsecurePush = false): Promise<Rig> {
  const ports = createTestPorts();
  const streams = new InMemorySsfStreamRepository();
  const clock = new FixedClock();
  const manage = new ManageSsfStreams(
    { streams, clock, random: new SequenceRandom() },
    { pollEndpoint: (id) => `${ISSUER}/api/ssf/poll/${id}`, allowInsecurePush },
  );
  const app = Fastify();
  await app.register(accountsApi, {
    useCases: createUseCases(ports),
    jwt: testConfig().jwt,
    ssf: {
      manage,
      issuer: ISSUER,
      providerIssuer: PROVIDER,
      userIdByEmail: async (email) => (await ports.accounts.findByEmail(email))?.id ?? null,
      // Polls are the transmitter test's (ssf-transmitter.test.ts).
      poll: { execute: () => Promise.resolve(ok({ sets: {}, moreAvailable: false })) },
    },
  });
  await app.ready();
  return { app, streams, clock, ports };
}

beforeEach(async () => {
  rig = await rigUp();
});
afterEach(() => rig.app.close());

/** A receiver's token: client_id names it, scope as given. */
const receiver = (clientId: string, scope = 'ssf.manage') =>
  bearer(tokenFor('service-account', { client_id: clientId, scope }));

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return rig.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function createStream(clientId = 'rx-1', body: object = {}) {
  const response = await call('POST', '/api/ssf/stream', receiver(clientId), body);
  expect(response.statusCode).toBe(201);
  return response.json<{ stream_id: string; delivery: { method: string; endpoint_url: string } }>();
}

describe('SSF stream management: who may call', () => {
  it('answers 401 with a Bearer challenge without a token', async () => {
    const response = await call('GET', '/api/ssf/stream', {});
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 invalid_token for a bad token', async () => {
    const response = await call('GET', '/api/ssf/stream', { authorization: 'Bearer not.a.token' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('answers 403 insufficient_scope for a token without an ssf scope, naming the scope needed', async () => {
    const read = await call('GET', '/api/ssf/stream', receiver('rx-1', 'openid accounts:admin'));
    expect(read.statusCode).toBe(403);
    expect(read.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="ssf.read"');
    const change = await call('POST', '/api/ssf/stream', receiver('rx-1', 'ssf.read'), {});
    expect(change.statusCode).toBe(403);
    expect(change.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="ssf.manage"');
  });

  it('lets ssf.read read and a suffixed ssf.manage.* change', async () => {
    const created = await call('POST', '/api/ssf/stream', receiver('rx-1', 'ssf.manage.streams'), {});
    expect(created.statusCode).toBe(201);
    const read = await call('GET', '/api/ssf/stream', receiver('rx-1', 'ssf.read'));
    expect(read.statusCode).toBe(200);
  });

  it('needs no account of the caller (no account gate)', async () => {
    // No user 'service-account' exists: a user route would answer 404.
    expect((await call('GET', '/api/ssf/stream', receiver('rx-1'))).statusCode).toBe(200);
  });

  it('names the receiver by client_id, else azp, else sub', async () => {
    await call(
      'POST',
      '/api/ssf/stream',
      bearer(tokenFor('subject-1', { azp: 'by-azp', scope: 'ssf.manage' })),
      {},
    );
    await call('POST', '/api/ssf/stream', bearer(tokenFor('by-sub', { scope: 'ssf.manage' })), {});
    expect((await rig.streams.all()).map((stream) => stream.receiver).sort()).toEqual(['by-azp', 'by-sub']);
  });
});

describe('SSF stream management: streams', () => {
  it('creates a poll stream without delivery, with a transmitter-supplied endpoint; aud is the receiver', async () => {
    const response = await call('POST', '/api/ssf/stream', receiver('rx-1'), { description: 'ours' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ stream_id: string }>();
    expect(body).toEqual({
      stream_id: body.stream_id,
      iss: ISSUER,
      aud: 'rx-1',
      events_supported: SSF_EVENTS_SUPPORTED,
      events_delivered: SSF_EVENTS_SUPPORTED,
      delivery: { method: POLL, endpoint_url: `${ISSUER}/api/ssf/poll/${body.stream_id}` },
      min_verification_interval: 30,
      description: 'ours',
    });
  });

  it('delivers events_requested ∩ events_supported, unknown URIs ignored', async () => {
    const body = await createStream('rx-1', { events_requested: [RISC_ACCOUNT_PURGED, 'urn:unknown'] });
    expect(body).toMatchObject({
      events_requested: [RISC_ACCOUNT_PURGED, 'urn:unknown'],
      events_delivered: [RISC_ACCOUNT_PURGED],
    });
  });

  it('answers 409 to a second create of one receiver', async () => {
    await createStream('rx-1');
    const second = await call('POST', '/api/ssf/stream', receiver('rx-1'), {});
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'STREAM_EXISTS' });
  });

  it('takes an https push endpoint and never shows its authorization_header', async () => {
    const delivery = {
      method: PUSH,
      endpoint_url: 'https://rx.example/events',
      authorization_header: 'Bearer s3cret',
    };
    const created = await call('POST', '/api/ssf/stream', receiver('rx-1'), { delivery });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain('s3cret');
    expect(created.json()).toMatchObject({
      delivery: { method: PUSH, endpoint_url: 'https://rx.example/events' },
    });
    const read = await call('GET', '/api/ssf/stream', receiver('rx-1'));
    expect(read.body).not.toContain('s3cret');
    expect((await rig.streams.all())[0]?.delivery).toMatchObject({ authorizationHeader: 'Bearer s3cret' });
  });

  it.each([
    ['an http endpoint', { method: PUSH, endpoint_url: 'http://rx.example/events' }],
    ['no endpoint', { method: PUSH }],
    ['an unknown method', { method: 'urn:example:carrier-pigeon', endpoint_url: 'https://rx.example' }],
    ['credentials in the endpoint', { method: PUSH, endpoint_url: 'https://u:p@rx.example/events' }],
  ])('refuses %s with 400, at create and at update', async (_name, delivery) => {
    const created = await call('POST', '/api/ssf/stream', receiver('rx-1'), { delivery });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'INVALID_STREAM_CONFIGURATION' });
    const { stream_id } = await createStream('rx-1');
    const updated = await call('PATCH', '/api/ssf/stream', receiver('rx-1'), { stream_id, delivery });
    expect(updated.statusCode).toBe(400);
  });

  it('takes an http push endpoint with SSF_ALLOW_INSECURE_PUSH', async () => {
    await rig.app.close();
    rig = await rigUp(true);
    const delivery = { method: PUSH, endpoint_url: 'http://127.0.0.1:9/events' };
    expect((await call('POST', '/api/ssf/stream', receiver('rx-1'), { delivery })).statusCode).toBe(201);
  });

  it('reads its stream alone: the list, by id, and another receiver’s answers 404', async () => {
    const mine = await createStream('rx-1');
    const theirs = await createStream('rx-2');
    const list = await call('GET', '/api/ssf/stream', receiver('rx-1'));
    expect(list.json<{ stream_id: string }[]>().map((s) => s.stream_id)).toEqual([mine.stream_id]);
    const byId = await call('GET', `/api/ssf/stream?stream_id=${mine.stream_id}`, receiver('rx-1'));
    expect(byId.json()).toMatchObject({ stream_id: mine.stream_id });
    const other = await call('GET', `/api/ssf/stream?stream_id=${theirs.stream_id}`, receiver('rx-1'));
    expect(other.statusCode).toBe(404);
    for (const [method, url, body] of [
      ['PATCH', '/api/ssf/stream', { stream_id: theirs.stream_id, description: 'x' }],
      ['DELETE', `/api/ssf/stream?stream_id=${theirs.stream_id}`, undefined],
      ['GET', `/api/ssf/status?stream_id=${theirs.stream_id}`, undefined],
      ['POST', '/api/ssf/status', { stream_id: theirs.stream_id, status: 'disabled' }],
      ['POST', '/api/ssf/verify', { stream_id: theirs.stream_id }],
    ] as const) {
      expect((await call(method, url, receiver('rx-1'), body)).statusCode).toBe(404);
    }
    expect((await rig.streams.ofReceiver('rx-2'))?.status).toBe('enabled');
  });

  it('updates with PATCH (the rest stays) and replaces with PUT (the rest back to defaults)', async () => {
    const { stream_id } = await createStream('rx-1', {
      events_requested: [CAEP_SESSION_REVOKED],
      description: 'a',
    });
    const patched = await call('PATCH', '/api/ssf/stream', receiver('rx-1'), { stream_id, description: 'b' });
    expect(patched.json()).toMatchObject({ description: 'b', events_delivered: [CAEP_SESSION_REVOKED] });
    const replaced = await call('PUT', '/api/ssf/stream', receiver('rx-1'), { stream_id, description: 'c' });
    expect(replaced.json()).toMatchObject({ description: 'c', events_delivered: SSF_EVENTS_SUPPORTED });
    expect(replaced.json()).not.toHaveProperty('events_requested');
  });

  it('deletes with 204; then the stream is gone and a new one may be created', async () => {
    const { stream_id } = await createStream('rx-1');
    const deleted = await call('DELETE', `/api/ssf/stream?stream_id=${stream_id}`, receiver('rx-1'));
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/ssf/stream', receiver('rx-1'))).json()).toEqual([]);
    await createStream('rx-1');
  });
});

describe('SSF stream management: status, subjects, verification', () => {
  it('reads and sets enabled, paused and disabled with a reason', async () => {
    const { stream_id } = await createStream('rx-1');
    const read = await call('GET', `/api/ssf/status?stream_id=${stream_id}`, receiver('rx-1', 'ssf.read'));
    expect(read.json()).toEqual({ stream_id, status: 'enabled' });
    for (const status of ['paused', 'disabled', 'enabled'] as const) {
      const set = await call('POST', '/api/ssf/status', receiver('rx-1'), { stream_id, status, reason: 'r' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ stream_id, status, reason: 'r' });
    }
    const bad = await call('POST', '/api/ssf/status', receiver('rx-1'), { stream_id, status: 'gone' });
    expect(bad.statusCode).toBe(400);
  });

  it('removes a subject (204) and adds it back (200), by iss_sub or email; no oracle', async () => {
    const { stream_id } = await createStream('rx-1');
    const user = seedUser(rig.ports.db, { email: 'ann@example.com' });
    const subject = { format: 'iss_sub', iss: PROVIDER, sub: user.id };
    const removed = await call('POST', '/api/ssf/subjects/remove', receiver('rx-1'), { stream_id, subject });
    expect(removed.statusCode).toBe(204);
    expect(await rig.streams.excludingUser([stream_id], user.id)).toEqual([stream_id]);
    const added = await call('POST', '/api/ssf/subjects/add', receiver('rx-1'), {
      stream_id,
      subject: { format: 'email', email: 'ann@example.com' },
    });
    expect(added.statusCode).toBe(200);
    expect(await rig.streams.excludingUser([stream_id], user.id)).toEqual([]);
    // Unknown users, other issuers: the same answers.
    for (const other of [
      { format: 'iss_sub', iss: PROVIDER, sub: 'nobody' },
      { format: 'iss_sub', iss: 'https://other.example', sub: user.id },
      { format: 'email', email: 'nobody@example.com' },
    ]) {
      const response = await call('POST', '/api/ssf/subjects/remove', receiver('rx-1'), {
        stream_id,
        subject: other,
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await rig.streams.excludingUser([stream_id], user.id)).toEqual([]);
    const bad = await call('POST', '/api/ssf/subjects/add', receiver('rx-1'), {
      stream_id,
      subject: { format: 'opaque' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a verification 204, then 429 within min_verification_interval, then 204 again', async () => {
    const { stream_id } = await createStream('rx-1');
    expect(
      (await call('POST', '/api/ssf/verify', receiver('rx-1'), { stream_id, state: 's1' })).statusCode,
    ).toBe(204);
    rig.clock.advance(29_000);
    const soon = await call('POST', '/api/ssf/verify', receiver('rx-1'), { stream_id, state: 's2' });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('1');
    rig.clock.advance(1_000);
    expect((await call('POST', '/api/ssf/verify', receiver('rx-1'), { stream_id })).statusCode).toBe(204);
  });

  it('is 404 when the host gives no ssf option', async () => {
    const app = Fastify();
    await app.register(accountsApi, { useCases: createUseCases(createTestPorts()), jwt: testConfig().jwt });
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/ssf/stream', headers: receiver('rx-1') });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
