import { connect } from 'node:net';
import { createUseCases } from '@accounts/application';
import { createTestPorts, seedUser } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, testConfig, tokenFor } from './support.js';
import { reusedSerializers } from './reused-serializers.js';

const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** Writes raw bytes to the app's port and collects everything until the server closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.on('connect', () => socket.write(request));
  });
}

/** Splits raw HTTP/1.1 responses (each with Content-Length) into status, headers and body. */
function parseResponses(raw: string) {
  const responses: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    responses.push({
      status: Number(statusLine?.split(' ')[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

/**
 * Listens on a free port, with the close held after the service's own preClose hook: once
 * `began`, shutdown has begun and the server still listens, until `release()`.
 */
async function listenWithCloseHeld(app: Awaited<ReturnType<typeof buildApp>>) {
  let closeBegan: () => void = () => undefined;
  const began = new Promise<void>((resolve) => (closeBegan = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.addHook('preClose', async () => {
    closeBegan();
    await released;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { port, began, release };
}

describe('headers of every /api answer', () => {
  it('carries Cache-Control: no-store and nosniff on successes and errors alike (401, 404, 405, 429, preflight)', async () => {
    const t = await createTestApp({ config: { rateLimit: { max: 2, windowMs: 60_000 } } });
    const user = t.addUser();
    t.addEntitlement(user.id);
    const requests = [
      { method: 'GET' as const, url: '/api/user/custom-domain', headers: t.auth(user.id), status: 200 },
      { method: 'GET' as const, url: '/api/user/custom-domain', status: 401 },
      { method: 'GET' as const, url: '/api/user/custom-domain', status: 429 },
      { method: 'GET' as const, url: '/api/nothing-here', status: 404 },
      { method: 'PUT' as const, url: '/api/user/custom-domain', status: 405 },
      {
        method: 'OPTIONS' as const,
        url: '/api/user/custom-domain',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
        status: 204,
      },
    ];
    for (const { status, ...request } of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(status);
      expect(response.headers, `${request.method} ${request.url}`).toMatchObject(API_HEADERS);
    }
  });
});

describe('a known path with another method', () => {
  it('answers 405 with Allow and the error body, and an unknown path stays 404', async () => {
    const t = await createTestApp();
    const put = await t.app.inject({ method: 'PUT', url: '/api/user/custom-domain?x=1' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    expect(put.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      code: 'METHOD_NOT_ALLOWED',
      message: 'Method PUT is not allowed on /api/user/custom-domain',
    });

    const healthz = await t.app.inject({ method: 'POST', url: '/healthz' });
    expect(healthz.statusCode).toBe(405);
    expect(healthz.headers.allow).toBe('GET, HEAD, OPTIONS');

    const unknown = await t.app.inject({ method: 'PUT', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a URL the router cannot decode', () => {
  it('answers 400 in the common error body with the headers of every answer, and does not echo the URL', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = t.app.server.address() as { port: number };
      for (const path of ['/api/%zz', '/%', '/api/user/%zz-marker', '/healthz%']) {
        const [response] = parseResponses(
          await rawExchange(port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        );
        expect(response?.status, path).toBe(400);
        expect(response?.headers, path).toMatchObject({
          'content-type': 'application/json; charset=utf-8',
          ...API_HEADERS,
          'x-request-id': expect.any(String) as string,
        });
        expect(JSON.parse(response?.body ?? ''), path).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          code: 'BAD_REQUEST',
          message: 'Malformed URL',
        });
        expect(response?.body, path).not.toContain('%');
      }
    } finally {
      await t.app.close();
    }
  });

  it('answers a path parameter over the router’s length 414 in the common error body', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/users/${'a'.repeat(200)}` });
    expect(response.statusCode).toBe(414);
    expect(response.headers).toMatchObject(API_HEADERS);
    expect(response.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      code: 'URI_TOO_LONG',
      message: 'A path parameter is too long',
    });
  });
});

describe('answers Node gives before Fastify, over a real socket', () => {
  it('request header fields too large: 431 with the error body and a code', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = t.app.server.address() as { port: number };
      const raw = await rawExchange(
        port,
        `GET /api/user/custom-domain HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      const [response] = parseResponses(raw);
      expect(response?.status).toBe(431);
      expect(response?.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        ...API_HEADERS,
      });
      expect(JSON.parse(response?.body ?? '')).toEqual({
        statusCode: 431,
        error: 'Request Header Fields Too Large',
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        message: 'Request header fields are too large',
      });
    } finally {
      await t.app.close();
    }
  });

  it('a malformed request: 400 with the error body and a code', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = t.app.server.address() as { port: number };
      const [response] = parseResponses(await rawExchange(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n'));
      expect(response?.status).toBe(400);
      expect(JSON.parse(response?.body ?? '')).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    } finally {
      await t.app.close();
    }
  });

  it('an answer sent after shutdown began closes its connection, so no request waits on it for the keep-alive timeout', async () => {
    const app = await buildApp({
      useCases: createUseCases(createTestPorts()),
      config: testConfig(),
      serializers: reusedSerializers,
    });
    let started: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    let finish: () => void = () => undefined;
    const slowFinished = new Promise<void>((resolve) => (finish = resolve));
    app.get('/slow', async () => {
      started();
      await slowFinished;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowStarted;
    const closing = app.close();
    // Close runs its preClose hooks first; the answer goes out after they did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    await socketClosed;
    await closing;

    // The request already received gets its real answer, marked as the connection's last.
    const [slow, ...more] = parseResponses(received);
    expect(slow?.status).toBe(200);
    expect(slow?.headers).toMatchObject({ connection: 'close' });
    expect(more).toEqual([]);
  });

  it('gives a request whose headers arrived before shutdown began its real answer, though its body is read after', async () => {
    const ports = createTestPorts();
    const user = seedUser(ports.db);
    const app = await buildApp({
      useCases: createUseCases(ports),
      config: testConfig(),
      serializers: reusedSerializers,
    });
    const { port, began, release } = await listenWithCloseHeld(app);
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.on('connect', resolve));
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    // The headers and all of the body but its last byte; they have passed the token's check once
    // its session is recorded.
    socket.write(
      `POST /api/user/sign-out-everywhere HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokenFor(user.id)}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    await until(() => ports.db.sessions.length === 1);
    const closing = app.close();
    await began;
    socket.write('}');
    await until(() => parseResponses(received).length > 0);
    release();
    await socketClosed;
    await closing;

    const [answered, ...more] = parseResponses(received);
    expect(answered?.status).toBe(200);
    expect(answered?.headers).toMatchObject({ connection: 'close' });
    expect(JSON.parse(answered?.body ?? '')).toEqual({ success: true, revoked: 1 });
    expect(more).toEqual([]);
  });

  it('answers a request that arrives once shutdown began only after reading its body, so the client gets the 503', async () => {
    const app = await buildApp({
      useCases: createUseCases(createTestPorts()),
      config: testConfig(),
      serializers: reusedSerializers,
    });
    const { port, began, release } = await listenWithCloseHeld(app);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.on('connect', resolve));
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    const closing = app.close();
    await began;
    // A request's headers now, its body a moment later.
    const body = JSON.stringify({ password: 'a password' });
    socket.write(
      `POST /api/auth/disable-account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokenFor('user-1')}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await sleep(200);
    // No answer before the body: the connection stays open for it.
    expect(received).toBe('');
    socket.write(body);
    await sleep(200);
    release();
    await socketClosed;
    await closing;

    const [refused, ...more] = parseResponses(received);
    expect(refused?.status).toBe(503);
    expect(refused?.headers).toMatchObject({ connection: 'close' });
    expect(JSON.parse(refused?.body ?? '')).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(more).toEqual([]);
  });
});
