import { generateKeyPairSync, sign as nodeSign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

export type TestKeyKind = 'RS256' | 'PS256' | 'ES256' | 'EdDSA' | 'RSA-1024';

/** A signing key of the test provider and what its key set says of it. */
export type TestSigningKey = {
  kid: string | undefined;
  kind: TestKeyKind;
  privateKey: KeyObject;
  /** The member of the key set: the public JWK with `kid`, `use`, `alg` as asked. */
  jwk: JsonWebKey & { kid?: string; use?: string; alg?: string };
};

/** What one request to the key server gets instead of the documents (null: the documents). */
export type KeyServerFault = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * A loopback identity provider for the tests: `/.well-known/openid-configuration` (discovery)
 * and `/jwks` (the key set), its keys added, rotated and removed by the test, tokens signed with
 * jose. Counts the reads of each document; `fault` replaces the answers (down, redirect, huge…).
 */
export type TestKeyServer = {
  /** http://127.0.0.1:PORT: the issuer its discovery document names (until `issuerInDiscovery` is set). */
  issuer: string;
  jwksUrl: string;
  /** How many times the key set and the discovery document were asked for. */
  reads: { jwks: number; discovery: number };
  keys: TestSigningKey[];
  addKey(kind: TestKeyKind, options?: { kid?: string | null; use?: string; alg?: string }): TestSigningKey;
  removeKey(kid: string): void;
  /** The issuer the discovery document names from now on (default: `issuer`). */
  issuerInDiscovery: string | null;
  /** Every request answered by this instead while set; null: served normally. */
  fault: KeyServerFault | null;
  /** A JWT signed by `key` (the first key by default), header `alg` from its kind. */
  sign(
    claims: Record<string, unknown>,
    options?: { key?: TestSigningKey; header?: Record<string, unknown> },
  ): Promise<string>;
  close(): Promise<void>;
};

let kids = 0;

function keyPair(kind: TestKeyKind) {
  switch (kind) {
    case 'RS256':
    case 'PS256':
      return generateKeyPairSync('rsa', { modulusLength: 2048 });
    case 'RSA-1024':
      return generateKeyPairSync('rsa', { modulusLength: 1024 });
    case 'ES256':
      return generateKeyPairSync('ec', { namedCurve: 'P-256' });
    case 'EdDSA':
      return generateKeyPairSync('ed25519');
  }
}

const algOf = (kind: TestKeyKind) => (kind === 'RSA-1024' ? 'RS256' : kind);

/** RS256 by hand, for the keys jose refuses to sign with (an RSA key under 2048 bits). */
function signByHand(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${encode(header)}.${encode(claims)}`;
  return `${data}.${nodeSign('sha256', Buffer.from(data), key).toString('base64url')}`;
}

export async function startTestKeyServer(): Promise<TestKeyServer> {
  const server = createServer((request, response) => {
    if (state.fault?.(request, response)) return;
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/.well-known/openid-configuration') {
      state.reads.discovery++;
      json({ issuer: state.issuerInDiscovery ?? state.issuer, jwks_uri: state.jwksUrl });
    } else if (request.url === '/jwks') {
      state.reads.jwks++;
      json({ keys: state.keys.map((key) => key.jwk) });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: TestKeyServer = {
    issuer: base,
    jwksUrl: `${base}/jwks`,
    reads: { jwks: 0, discovery: 0 },
    keys: [],
    issuerInDiscovery: null,
    fault: null,
    addKey(kind, options = {}) {
      const { publicKey, privateKey } = keyPair(kind);
      const kid = options.kid === null ? undefined : (options.kid ?? `key-${++kids}`);
      const jwk = {
        ...publicKey.export({ format: 'jwk' }),
        ...(kid === undefined ? {} : { kid }),
        use: options.use ?? 'sig',
        ...(options.alg === undefined ? {} : { alg: options.alg }),
      };
      const key = { kid, kind, privateKey, jwk };
      state.keys.push(key);
      return key;
    },
    removeKey(kid) {
      state.keys = state.keys.filter((key) => key.kid !== kid);
    },
    async sign(claims, options = {}) {
      const key = options.key ?? state.keys[0];
      if (!key) throw new Error('the key server has no key');
      const header = {
        alg: algOf(key.kind),
        typ: 'JWT',
        ...(key.kid === undefined ? {} : { kid: key.kid }),
        ...options.header,
      };
      if (key.kind === 'RSA-1024') return signByHand(header, claims, key.privateKey);
      return new SignJWT(claims).setProtectedHeader(header).sign(key.privateKey);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}
