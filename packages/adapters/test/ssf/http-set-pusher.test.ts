import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSetPusher, isGloballyRoutable } from '../../src/ssf/http-set-pusher.js';

type Received = { method: string; headers: IncomingMessage['headers']; body: string };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function receiver(answer: (response: ServerResponse) => void) {
  const received: Received[] = [];
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', headers: request.headers, body });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/events`, port, received };
}

const insecure = new HttpSetPusher({ timeoutMs: 5_000, allowInsecure: true });
const SET = 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln';

describe('HttpSetPusher (RFC 8935)', () => {
  it('POSTs the SET as application/secevent+jwt with the stream’s Authorization header; 202 is delivered', async () => {
    const rx = await receiver((response) => response.writeHead(202).end());
    const outcome = await insecure.push({
      endpointUrl: rx.url,
      authorizationHeader: 'Bearer rx-secret',
      set: SET,
    });
    expect(outcome).toEqual({ outcome: 'done', note: '202' });
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]).toMatchObject({ method: 'POST', body: SET });
    expect(rx.received[0]?.headers).toMatchObject({
      'content-type': 'application/secevent+jwt',
      authorization: 'Bearer rx-secret',
    });
  });

  it.each([200, 204])('takes %i as delivered', async (status) => {
    const rx = await receiver((response) => response.writeHead(status).end());
    expect((await insecure.push({ endpointUrl: rx.url, authorizationHeader: null, set: SET })).outcome).toBe(
      'done',
    );
  });

  it('retries invalid_key, fails the other RFC 8935 errors, retries anything else', async () => {
    const answer = (status: number, body: string) => async () => {
      const rx = await receiver((response) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(body),
      );
      return insecure.push({ endpointUrl: rx.url, authorizationHeader: null, set: SET });
    };
    expect(await answer(400, '{"err":"invalid_key","description":"unknown kid"}')()).toMatchObject({
      outcome: 'transient',
      invalidKey: true,
    });
    for (const code of [
      'invalid_request',
      'invalid_issuer',
      'invalid_audience',
      'authentication_failed',
      'access_denied',
    ]) {
      expect(await answer(400, JSON.stringify({ err: code }))()).toEqual({
        outcome: 'permanent',
        problem: `the receiver answered ${code}`,
      });
    }
    expect((await answer(500, '')()).outcome).toBe('transient');
    expect((await answer(400, 'not json')()).outcome).toBe('transient');
  });

  it('never follows a redirect', async () => {
    const target = await receiver((response) => response.writeHead(202).end());
    const rx = await receiver((response) => response.writeHead(307, { location: target.url }).end());
    expect((await insecure.push({ endpointUrl: rx.url, authorizationHeader: null, set: SET })).outcome).toBe(
      'transient',
    );
    expect(target.received).toHaveLength(0);
  });

  it('gives up an attempt at its timeout', async () => {
    const rx = await receiver(() => undefined); // never answers
    const pusher = new HttpSetPusher({ timeoutMs: 200, allowInsecure: true });
    expect(await pusher.push({ endpointUrl: rx.url, authorizationHeader: null, set: SET })).toEqual({
      outcome: 'transient',
      problem: 'no answer within 200 ms',
    });
  });

  it('refuses an http endpoint without SSF_ALLOW_INSECURE_PUSH', async () => {
    const rx = await receiver((response) => response.writeHead(202).end());
    const secure = new HttpSetPusher({ timeoutMs: 5_000, allowInsecure: false });
    expect(await secure.push({ endpointUrl: rx.url, authorizationHeader: null, set: SET })).toEqual({
      outcome: 'permanent',
      problem: 'endpoint_url is not https',
    });
    expect(rx.received).toHaveLength(0);
  });

  it('fails at once, writing nothing, when the address connected to is loopback (a name that resolves there too)', async () => {
    const bytes: Buffer[] = [];
    const server = createTcpServer((socket) => socket.on('data', (chunk) => bytes.push(chunk)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const secure = new HttpSetPusher({ timeoutMs: 5_000, allowInsecure: false });
    const outcome = await secure.push({
      endpointUrl: `https://localhost:${port}/events`,
      authorizationHeader: 'Bearer rx-secret',
      set: SET,
    });
    expect(outcome.outcome).toBe('permanent');
    expect(outcome).toMatchObject({ problem: expect.stringMatching(/not globally routable$/) as string });
    const sent = Buffer.concat(bytes).toString('latin1');
    expect(sent).not.toContain('rx-secret');
    expect(sent).not.toContain(SET);
  });
});

describe('isGloballyRoutable', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('%s: %s', (address, routable) => {
    expect(isGloballyRoutable(address)).toBe(routable);
  });
});
