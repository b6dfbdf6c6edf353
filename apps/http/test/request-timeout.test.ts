import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support.js';

const TIMEOUT_MS = 400;
/**
 * A stalled connection is closed by the timeout, not by anything later (the headers timeout, the
 * keep-alive timeout: a minute): a bound on hanging, with room for a loaded machine.
 */
const CLOSED_WITHIN_MS = 10_000;

type Stalled = { received: string; closedAfterMs: number };

/**
 * Opens a raw socket, writes `head` and then stalls (never sends the rest), and waits for the
 * server to answer and close. The vitest timeout fails the test if it never does.
 */
function stall(port: number, write: (socket: ReturnType<typeof connect>) => void): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ received, closedAfterMs: Date.now() - started }));
    socket.on('connect', () => write(socket));
  });
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe(`REQUEST_TIMEOUT_MS: a request not fully received in time (here ${TIMEOUT_MS} ms)`, () => {
  let t: TestApp;
  let port: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { requestTimeoutMs: TIMEOUT_MS } });
    const user = t.addUser();
    token = t.auth(user.id).authorization;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => t.app.close());

  const stalledBody = (path: string, withToken: boolean) => (socket: ReturnType<typeof connect>) =>
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n` +
        (withToken ? `Authorization: ${token}\r\n` : '') +
        '\r\n{"a":',
    );

  it.each([
    ['an unknown path, no token', '/nope', false],
    ['an API route, with a token', '/api/user/custom-domain', true],
    ['the account deletion, with a token', '/api/auth/delete-account', true],
  ])('answers a stalled body on %s with 408 and closes the connection', async (_name, path, withToken) => {
    const { received, closedAfterMs } = await stall(port, stalledBody(path, withToken));
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(bodyOf(received)).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      code: 'REQUEST_TIMEOUT',
      message: 'Request took too long to arrive',
    });
    // The check runs every connectionsCheckingInterval, at most the timeout itself here.
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it('closes a connection whose body stalls after a refused token was answered 401', async () => {
    const { received, closedAfterMs } = await stall(port, stalledBody('/api/user/custom-domain', false));
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(closedAfterMs).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it('answers headers trickled byte by byte with 408 once the time is up', async () => {
    const { received } = await stall(port, (socket) => {
      const head = `GET /api/user/custom-domain HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nX-Slow: `;
      socket.write(head);
      const trickle = setInterval(() => {
        if (socket.writable) socket.write('a');
        else clearInterval(trickle);
      }, 50);
      socket.on('close', () => clearInterval(trickle));
    });
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(received)).toMatchObject({ statusCode: 408, code: 'REQUEST_TIMEOUT' });
  });

  it('holds fifty stalled sockets no longer than the timeout', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => stall(port, stalledBody('/nope', false))),
    );
    for (const { received } of results) expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves a request that arrives whole in time alone', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/user/custom-domain`, {
      headers: { authorization: token },
    });
    expect(response.status).not.toBe(408);
  });
});
