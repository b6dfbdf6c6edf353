import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpWebhookSender, isWebhookSecret } from '@accounts/adapters';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
type Received = { headers: IncomingMessage['headers']; body: string; verified: unknown };

let server: Server;
let url: string;
let received: Received[] = [];
let respond: (res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      let verified: unknown;
      try {
        verified = new Webhook(SECRET).verify(body, req.headers as Record<string, string>);
      } catch (error) {
        verified = error instanceof Error ? error.message : 'unverified';
      }
      received.push({ headers: req.headers, body, verified });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});

beforeEach(() => {
  received = [];
  respond = (res) => res.writeHead(204).end();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Far beyond what a loaded machine takes to answer: only the hanging receiver's case times out.
const sender = (timeoutMs = 20_000) => new HttpWebhookSender({ url, secret: SECRET, timeoutMs });
const body = '{"type":"user.disabled","timestamp":"2026-03-01T00:00:00.000Z","data":{"userId":"u1"}}';

describe('HttpWebhookSender', () => {
  it('POSTs the body with Standard Webhooks headers that the standardwebhooks library verifies', async () => {
    expect(await sender().send({ id: 'msg_1', body })).toEqual({ outcome: 'done', note: 'HTTP 204' });
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit?.body).toBe(body);
    expect(hit?.verified).toEqual(JSON.parse(body));
    expect(hit?.headers['webhook-id']).toBe('msg_1');
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(hit?.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(hit?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('signs so that another secret does not verify', async () => {
    await sender().send({ id: 'msg_2', body });
    const other = new Webhook(`whsec_${randomBytes(32).toString('base64')}`);
    expect(() =>
      other.verify(received[0]?.body ?? '', received[0]?.headers as Record<string, string>),
    ).toThrow();
  });

  it.each([400, 404, 500, 503])('reports HTTP %i as transient', async (status) => {
    respond = (res) => res.writeHead(status).end('nope');
    expect(await sender().send({ id: 'msg_3', body })).toEqual({
      outcome: 'transient',
      problem: `HTTP ${status}`,
    });
  });

  it('does not follow a redirect', async () => {
    respond = (res) => res.writeHead(307, { location: `${url}/elsewhere` }).end();
    expect(await sender().send({ id: 'msg_4', body })).toEqual({
      outcome: 'transient',
      problem: 'HTTP 307 (redirects are not followed)',
    });
    expect(received).toHaveLength(1);
  });

  it('gives up on a receiver that hangs, within the timeout', async () => {
    respond = () => undefined;
    const started = performance.now();
    expect(await sender(200).send({ id: 'msg_5', body })).toEqual({
      outcome: 'transient',
      problem: 'timed out after 200 ms',
    });
    expect(performance.now() - started).toBeLessThan(10_000); // gives up, not hangs: no tighter on a loaded machine
  });

  it('reports a closed port as transient', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const closed = new HttpWebhookSender({
      url: `http://127.0.0.1:${port}`,
      secret: SECRET,
      timeoutMs: 20_000,
    });
    expect(await closed.send({ id: 'msg_6', body })).toMatchObject({
      outcome: 'transient',
      problem: expect.stringMatching(/network error/) as unknown,
    });
  });

  it('is not configured without a URL, and refuses a URL without a valid secret', () => {
    expect(new HttpWebhookSender({ timeoutMs: 1_000 }).isConfigured).toBe(false);
    expect(() => new HttpWebhookSender({ url, timeoutMs: 1_000 })).toThrow(/secret/);
    expect(() => new HttpWebhookSender({ url, secret: 'whsec_c2hvcnQ=', timeoutMs: 1_000 })).toThrow(
      /secret/,
    );
  });
});

describe('isWebhookSecret', () => {
  it.each([
    [`whsec_${Buffer.alloc(24, 1).toString('base64')}`, true],
    [`whsec_${Buffer.alloc(32, 7).toString('base64')}`, true],
    [`whsec_${Buffer.alloc(23, 1).toString('base64')}`, false],
    [Buffer.alloc(32, 1).toString('base64'), false],
    ['whsec_not base64 at all!!', false],
    [`whsec_${Buffer.alloc(32, 1).toString('base64url')}_`, false],
    ['', false],
  ])('%s: %s', (value, expected) => {
    expect(isWebhookSecret(value)).toBe(expected);
  });
});
