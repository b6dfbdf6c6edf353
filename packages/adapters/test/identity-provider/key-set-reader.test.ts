import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProviderKeySet, isKeySetUrl, type JoseProviderKeySet } from '@accounts/adapters';
import { startTestKeyServer, type TestKeyServer } from '@accounts/adapters/testing';
import { FixedClock, RecordingLogger } from '@accounts/application/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discoveryUrl, keySetReader } from '../../src/identity-provider/key-set-reader.js';

// The provider's documents read over HTTP (decisions.md, "Keys from the provider"): discovery with
// an exact issuer, the URL rule, and the bounded fetch, against a loopback key server.

// Far beyond what a loaded machine takes to answer: only the silent peer's case times out.
const TIMEOUT_MS = 20_000;

let server: TestKeyServer;
beforeEach(async () => {
  server = await startTestKeyServer();
  server.addKey('RS256');
});
afterEach(() => server.close());

const byDiscovery = (issuer = server.issuer) =>
  keySetReader({ issuer, jwksUrl: null, timeoutMs: TIMEOUT_MS });
const direct = () => keySetReader({ issuer: server.issuer, jwksUrl: server.jwksUrl, timeoutMs: TIMEOUT_MS });

describe('isKeySetUrl', () => {
  it.each([
    ['https://idp.example/realms/accounts', true],
    ['http://localhost:8080/realms/accounts', true],
    ['http://127.0.0.1:8080', true],
    ['http://127.9.9.9/jwks', true],
    ['http://[::1]:8080/jwks', true],
    ['http://idp.example/jwks', false],
    ['http://10.0.0.1/jwks', false],
    ['http://localhost.idp.example/jwks', false],
    ['https://user:secret@idp.example/jwks', false],
    ['ftp://idp.example/jwks', false],
    ['not a url', false],
  ])('%s: %s', (url, allowed) => {
    expect(isKeySetUrl(url)).toBe(allowed);
  });
});

describe('keySetReader', () => {
  it('finds the key set by discovery, at the issuer minus one trailing slash', async () => {
    expect(discoveryUrl('https://idp.example/realms/a/')).toBe(
      'https://idp.example/realms/a/.well-known/openid-configuration',
    );
    expect(discoveryUrl('https://idp.example/realms/a')).toBe(
      'https://idp.example/realms/a/.well-known/openid-configuration',
    );
    const document = (await byDiscovery()()) as { keys: unknown[] };
    expect(document.keys).toHaveLength(1);
    expect(server.reads).toEqual({ discovery: 1, jwks: 1 });
  });

  it('reads the key set at JWT_JWKS_URL without discovery', async () => {
    await direct()();
    expect(server.reads).toEqual({ discovery: 0, jwks: 1 });
  });

  it('refuses a discovery document whose issuer is not exactly the configured one', async () => {
    await expect(byDiscovery(`${server.issuer}/`)()).rejects.toMatchObject({
      name: 'IssuerChanged',
      expected: `${server.issuer}/`,
      received: server.issuer,
    });
    expect(server.reads.jwks).toBe(0);
  });

  it('refuses a discovered jwks_uri that is plain http on another host', async () => {
    server.fault = (request, response) => {
      if (request.url !== '/.well-known/openid-configuration') return false;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer: server.issuer, jwks_uri: 'http://idp.example/jwks' }));
      return true;
    };
    await expect(byDiscovery()()).rejects.toThrow(/names no usable jwks_uri/);
  });

  it('follows no redirect', async () => {
    server.fault = (request, response) => {
      if (request.url !== '/jwks') return false;
      response.writeHead(302, { location: `${server.issuer}/jwks-elsewhere` }).end();
      return true;
    };
    await expect(direct()()).rejects.toThrow(/answered 302 \(redirects are not followed\)/);
  });

  it.each([
    ['declared by its length', true],
    ['sent in chunks', false],
  ])('refuses a key set over 256 KiB, %s', async (_name, declared) => {
    const big = JSON.stringify({ keys: [], padding: 'x'.repeat(256 * 1024) });
    server.fault = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(Buffer.byteLength(big)) } : {}),
      });
      if (declared) response.end(big);
      else {
        for (let at = 0; at < big.length; at += 16 * 1024) response.write(big.slice(at, at + 16 * 1024));
        response.end();
      }
      return true;
    };
    await expect(direct()()).rejects.toThrow(/larger than 262144 bytes/);
  });

  it('takes a key set of just under 256 KiB', async () => {
    const body = JSON.stringify({ keys: [], padding: '' });
    const padded = JSON.stringify({ keys: [], padding: 'x'.repeat(256 * 1024 - body.length) });
    server.fault = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(padded);
      return true;
    };
    expect(Buffer.byteLength(padded)).toBe(256 * 1024);
    await expect(direct()()).resolves.toMatchObject({ keys: [] });
  });

  it.each([
    [500, 'answered 500'],
    [404, 'answered 404'],
  ])('refuses an answer %s', async (status, message) => {
    server.fault = (_request, response) => {
      response.writeHead(status).end();
      return true;
    };
    await expect(direct()()).rejects.toThrow(message);
  });

  it('refuses a body that is not JSON', async () => {
    server.fault = (_request, response) => {
      response.writeHead(200).end('<html>');
      return true;
    };
    await expect(direct()()).rejects.toThrow(/did not answer JSON/);
  });
});

describe('keySetReader against a peer that never answers', () => {
  let silent: Server;
  let url: string;
  beforeAll(async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/jwks`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('gives up after JWKS_TIMEOUT_MS', async () => {
    const read = keySetReader({ issuer: 'https://idp.example', jwksUrl: url, timeoutMs: 200 });
    await expect(read()).rejects.toThrow(`${url} did not answer within 200 ms`);
  });
});

describe('createProviderKeySet', () => {
  let keySet: JoseProviderKeySet | null = null;
  afterEach(() => keySet?.close());

  it.each([
    [{ issuer: 'http://idp.example' }, /issuer must be an https/],
    [{ issuer: 'https://idp.example', jwksUrl: 'http://idp.example/jwks' }, /key set URL must be https/],
    [{ issuer: 'https://idp.example', algorithms: ['HS256'] }, /must be some of RS256, PS256, ES256, EdDSA/],
    [{ issuer: 'https://idp.example', algorithms: ['none'] }, /must be some of/],
    [{ issuer: 'https://idp.example', algorithms: [] }, /must be some of/],
  ])('refuses %j', (options, message) => {
    expect(() =>
      createProviderKeySet(options as Parameters<typeof createProviderKeySet>[0], {
        logger: new RecordingLogger(),
      }),
    ).toThrow(message);
  });

  it('logs an issuer changed after the start at error with both values, and keeps the keys', async () => {
    const logger = new RecordingLogger();
    const clock = new FixedClock(new Date());
    keySet = createProviderKeySet(
      { issuer: server.issuer, timeoutMs: TIMEOUT_MS, cooldownSeconds: 30 },
      { logger, clock },
    );
    keySet.start();
    await expect.poll(() => keySet?.isReady(), { timeout: TIMEOUT_MS }).toBe(true);
    const known = server.keys[0]!;
    server.issuerInDiscovery = 'https://impostor.example';
    server.addKey('RS256', { kid: 'after-the-change' });
    clock.advance(30_000);
    expect(await keySet.keyFor({ alg: 'RS256', kid: 'after-the-change' })).toEqual({
      ok: false,
      error: { type: 'NoMatchingKey' },
    });
    expect(server.reads).toEqual({ discovery: 2, jwks: 1 });
    expect(logger.entries).toEqual([
      {
        level: 'error',
        details: { source: server.issuer, expected: server.issuer, received: 'https://impostor.example' },
        message:
          'Identity provider keys could not be read: the discovery document names another issuer; the keys read before stay in use',
      },
    ]);
    expect((await keySet.keyFor({ alg: 'RS256', kid: known.kid })).ok).toBe(true);
    expect(keySet.isReady()).toBe(true);
  });
});
