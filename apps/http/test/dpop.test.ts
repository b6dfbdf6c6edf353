import { createUseCases, VerifyDpopProof } from '@accounts/application';
import { createTestPorts, InMemoryReplayRecord } from '@accounts/application/testing';
import { JoseDpopProofReader, SystemClock } from '@accounts/adapters';
import { calculateThumbprint, generateKeyPair, generateProof, type KeyPair } from 'dpop';
import Fastify from 'fastify';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair as generateJoseKeyPair,
  SignJWT,
  type JWK,
} from 'jose';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../src/app.js';
import type { HttpConfig } from '../src/config/service-config.js';
import type { DpopConfig } from '../src/plugins/dpop-binding.js';
import { bearer, createTestApp, nowSeconds, testConfig, tokenFor } from './support.js';

const PATH = '/api/user/custom-domain';
/** The URL of an injected request: http, Host localhost:80. */
const URL = `http://localhost${PATH}`;
const ALGS = 'algs="ES256 RS256 PS256 EdDSA"';
const INVALID_PROOF = { statusCode: 401, code: 'INVALID_DPOP_PROOF', message: 'Invalid DPoP proof' };

type DpopOptions = Partial<Omit<DpopConfig, 'proofs'>> & { replayRecord?: InMemoryReplayRecord };

function dpopJwt(options: DpopOptions = {}): HttpConfig['jwt'] {
  const clock = new SystemClock();
  const replayRecord = options.replayRecord ?? new InMemoryReplayRecord(clock);
  const proofs = new VerifyDpopProof({ proofs: new JoseDpopProofReader(), replayRecord, clock }, 60);
  return {
    ...testConfig().jwt,
    dpop: { proofs, required: options.required ?? false, publicUrl: options.publicUrl ?? null },
  };
}

async function dpopApp(options: DpopOptions & { config?: Partial<HttpConfig> } = {}) {
  const t = await createTestApp({ config: { ...options.config, jwt: dpopJwt(options) } });
  t.addUser({ id: 'user-a' });
  return t;
}

async function aClient(alg: 'ES256' | 'RS256' | 'PS256' = 'ES256') {
  const keys = await generateKeyPair(alg, { extractable: true });
  const jkt = await calculateThumbprint(keys.publicKey);
  return { keys, jkt, token: tokenFor('user-a', { cnf: { jkt } }) };
}

const accessTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A proof made by hand, for what the dpop package will not make (another typ, a past iat...). */
async function forgedProof(
  keys: Pick<KeyPair, 'publicKey' | 'privateKey'>,
  token: string,
  { header = {}, claims = {} }: { header?: Record<string, unknown>; claims?: Record<string, unknown> },
) {
  const jwk: JWK = await exportJWK(keys.publicKey);
  return new SignJWT({
    jti: crypto.randomUUID(),
    htm: 'GET',
    htu: URL,
    iat: nowSeconds(),
    ath: accessTokenHash(token),
    ...claims,
  })
    .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk, ...header })
    .sign(keys.privateKey);
}

const dpopHeaders = (token: string, proof: string | string[]) => ({
  authorization: `DPoP ${token}`,
  dpop: proof,
});

describe('DPoP-bound tokens (RFC 9449)', () => {
  it.each(['ES256', 'RS256', 'PS256'] as const)(
    'accepts a bound token as DPoP with a fresh %s proof made by the dpop package',
    async (alg) => {
      const t = await dpopApp();
      const { keys, token } = await aClient(alg);
      const proof = await generateProof(keys, URL, 'GET', undefined, token);
      const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(response.statusCode).toBe(200);
    },
  );

  it('accepts an EdDSA proof', async () => {
    const t = await dpopApp();
    const keys = await generateKeyPair('Ed25519', { extractable: true });
    const token = tokenFor('user-a', { cnf: { jkt: await calculateThumbprint(keys.publicKey) } });
    const proof = await forgedProof(keys, token, { header: { alg: 'EdDSA' } });
    const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
    expect(response.statusCode).toBe(200);
  });

  it('keeps accepting unbound tokens as Bearer, and says DPoP is accepted in every 401', async () => {
    const t = await dpopApp();
    expect((await t.app.inject({ method: 'GET', url: PATH, headers: t.auth('user-a') })).statusCode).toBe(
      200,
    );
    const missing = await t.app.inject({ method: 'GET', url: PATH });
    expect(missing.headers['www-authenticate']).toBe(`Bearer, DPoP ${ALGS}`);
    const refused = await t.app.inject({ method: 'GET', url: PATH, headers: bearer('not.a.jwt') });
    expect(refused.headers['www-authenticate']).toBe(`Bearer error="invalid_token", DPoP ${ALGS}`);
    const refusedAsDpop = await t.app.inject({
      method: 'GET',
      url: PATH,
      headers: { authorization: 'DPoP not.a.jwt', dpop: 'x' },
    });
    expect(refusedAsDpop.statusCode).toBe(401);
    expect(refusedAsDpop.headers['www-authenticate']).toBe(`Bearer, DPoP error="invalid_token", ${ALGS}`);
  });

  describe('the scheme rules', () => {
    it('refuses a bound token sent as Bearer, with invalid_token', async () => {
      const t = await dpopApp();
      const { keys, token } = await aClient();
      const proof = await generateProof(keys, URL, 'GET', undefined, token);
      const response = await t.app.inject({
        method: 'GET',
        url: PATH,
        headers: { ...bearer(token), dpop: proof },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject(INVALID_PROOF);
      expect(response.headers['www-authenticate']).toBe(`DPoP error="invalid_token", ${ALGS}`);
    });

    it('refuses an unbound token sent as DPoP, with invalid_token', async () => {
      const t = await dpopApp();
      const { keys } = await aClient();
      const token = tokenFor('user-a');
      const proof = await generateProof(keys, URL, 'GET', undefined, token);
      const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(response.json()).toMatchObject(INVALID_PROOF);
      expect(response.headers['www-authenticate']).toBe(`DPoP error="invalid_token", ${ALGS}`);
    });

    it('refuses unbound tokens under DPOP_REQUIRED, and still takes bound ones', async () => {
      const t = await dpopApp({ required: true });
      const unbound = await t.app.inject({ method: 'GET', url: PATH, headers: t.auth('user-a') });
      expect(unbound.json()).toMatchObject(INVALID_PROOF);
      expect(unbound.headers['www-authenticate']).toBe(`DPoP error="invalid_token", ${ALGS}`);
      const { keys, token } = await aClient();
      const proof = await generateProof(keys, URL, 'GET', undefined, token);
      const bound = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(bound.statusCode).toBe(200);
    });

    it('refuses a bound token where DPoP is not configured', async () => {
      const t = await createTestApp();
      t.addUser({ id: 'user-a' });
      const { keys, token } = await aClient();
      const proof = await generateProof(keys, URL, 'GET', undefined, token);
      const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(response.json()).toMatchObject(INVALID_PROOF);
    });
  });

  describe('each check of the proof, failing on its own', () => {
    type Proof = string | string[] | undefined;
    /** A proof, or a token of its own with it (a client whose key the dpop package cannot make). */
    type Case = [
      string,
      (c: Awaited<ReturnType<typeof aClient>>) => Promise<Proof | { proof: string; token: string }>,
    ];
    const cases: Case[] = [
      ['no DPoP header', () => Promise.resolve(undefined)],
      [
        'two DPoP headers',
        async ({ keys, token }) => [
          await generateProof(keys, URL, 'GET', undefined, token),
          await generateProof(keys, URL, 'GET', undefined, token),
        ],
      ],
      ['a proof that is no JWS', () => Promise.resolve('not-a-proof')],
      ['typ other than dpop+jwt', ({ keys, token }) => forgedProof(keys, token, { header: { typ: 'JWT' } })],
      [
        'alg outside the list',
        async () => {
          const keys = await generateJoseKeyPair('ES384', { extractable: true });
          const jwk = await exportJWK(keys.publicKey);
          const token = tokenFor('user-a', { cnf: { jkt: await calculateJwkThumbprint(jwk) } });
          return { token, proof: await forgedProof(keys, token, { header: { alg: 'ES384' } }) };
        },
      ],
      [
        'a private member in jwk',
        async ({ keys, token }) => {
          const jwk = { ...(await exportJWK(keys.publicKey)), d: (await exportJWK(keys.privateKey)).d };
          return forgedProof(keys, token, { header: { jwk } });
        },
      ],
      [
        'a signature by another key',
        async ({ keys, token }) => {
          const other = await generateKeyPair('ES256', { extractable: true });
          const proof = await forgedProof(keys, token, {});
          const forged = await forgedProof(other, token, {});
          return `${proof.split('.').slice(0, 2).join('.')}.${forged.split('.')[2]}`;
        },
      ],
      [
        'jti over 255 characters',
        ({ keys, token }) => forgedProof(keys, token, { claims: { jti: 'j'.repeat(256) } }),
      ],
      ['htm of another method', ({ keys, token }) => generateProof(keys, URL, 'POST', undefined, token)],
      [
        'htu of another path',
        ({ keys, token }) =>
          generateProof(keys, 'http://localhost/api/user/sessions', 'GET', undefined, token),
      ],
      [
        'htu of another host',
        ({ keys, token }) => generateProof(keys, `http://evil.example${PATH}`, 'GET', undefined, token),
      ],
      ['iat 61 s ago', ({ keys, token }) => forgedProof(keys, token, { claims: { iat: nowSeconds() - 61 } })],
      [
        'iat 61 s ahead',
        ({ keys, token }) => forgedProof(keys, token, { claims: { iat: nowSeconds() + 61 } }),
      ],
      ['ath of another token', ({ keys }) => generateProof(keys, URL, 'GET', undefined, tokenFor('user-a'))],
      ['no ath', ({ keys }) => generateProof(keys, URL, 'GET')],
      [
        'a key other than cnf.jkt',
        async ({ token }) => {
          const other = await generateKeyPair('ES256', { extractable: true });
          return generateProof(other, URL, 'GET', undefined, token);
        },
      ],
    ];

    it.each(cases)('refuses %s', async (_name, makeProof) => {
      const t = await dpopApp();
      const client = await aClient();
      const made = await makeProof(client);
      const { token, proof } =
        typeof made === 'object' && !Array.isArray(made) ? made : { token: client.token, proof: made };
      const response = await t.app.inject({
        method: 'GET',
        url: PATH,
        headers: { authorization: `DPoP ${token}`, ...(proof === undefined ? {} : { dpop: proof }) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject(INVALID_PROOF);
      expect(response.headers['www-authenticate']).toBe(`DPoP error="invalid_dpop_proof", ${ALGS}`);
    });

    it('takes the same request with a good proof (the cases above differ only in the proof)', async () => {
      const t = await dpopApp();
      const { keys, token } = await aClient();
      const proof = await forgedProof(keys, token, {});
      const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a proof used a second time', async () => {
      const t = await dpopApp();
      const { keys, token } = await aClient();
      const proof = await generateProof(keys, URL, 'GET', undefined, token);
      const first = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(first.statusCode).toBe(200);
      const again = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(again.json()).toMatchObject(INVALID_PROOF);
    });

    it('answers 503 when the replay record cannot be reached, never accepting the proof', async () => {
      const replayRecord = new InMemoryReplayRecord(new SystemClock());
      replayRecord.unreachable = true;
      const t = await dpopApp({ replayRecord });
      const { keys, token } = await aClient();
      const proof = await generateProof(keys, URL, 'GET', undefined, token);
      const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(response.headers['retry-after']).toBeDefined();
    });
  });

  describe('htu', () => {
    it('compares after normalisation: case of scheme and host, default port, unreserved escapes', async () => {
      const t = await dpopApp();
      const { keys, token } = await aClient();
      const htu = 'HTTP://LocalHost:80/api/user/custom%2Ddomain?ignored=1';
      const proof = await generateProof(keys, htu, 'GET', undefined, token);
      const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(response.statusCode).toBe(200);
    });

    it('is PUBLIC_URL and the path after the plugin prefix when PUBLIC_URL is set', async () => {
      const t = await dpopApp({ publicUrl: 'https://accounts.example/svc/' });
      const { keys, token } = await aClient();
      const asSeen = await generateProof(keys, URL, 'GET', undefined, token);
      const refused = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, asSeen) });
      expect(refused.json()).toMatchObject(INVALID_PROOF);
      const proof = await generateProof(keys, `https://accounts.example/svc${PATH}`, 'GET', undefined, token);
      const response = await t.app.inject({ method: 'GET', url: PATH, headers: dpopHeaders(token, proof) });
      expect(response.statusCode).toBe(200);
    });

    it("drops a host's prefix before PUBLIC_URL", async () => {
      const host = Fastify();
      await host.register(accountsApi, {
        prefix: '/accounts',
        useCases: createUseCases(createTestPorts()),
        jwt: dpopJwt({ publicUrl: 'https://accounts.example' }),
      });
      const { keys, token } = await aClient();
      const proof = await generateProof(keys, `https://accounts.example${PATH}`, 'GET', undefined, token);
      const response = await host.inject({
        method: 'GET',
        url: `/accounts${PATH}`,
        headers: dpopHeaders(token, proof),
      });
      // Past the token and its proof: the account is unknown to this host's empty store.
      expect(response.json()).not.toMatchObject({ code: 'INVALID_DPOP_PROOF' });
      expect(response.statusCode).not.toBe(401);
    });

    it.each([
      ['trusted', true, 'https://accounts.example', 200],
      ['not trusted', false, 'https://accounts.example', 401],
      ['not trusted', false, 'http://localhost', 200],
    ] as const)(
      'honours X-Forwarded-Proto and -Host only from a %s proxy',
      async (_, trustProxy, base, status) => {
        const t = await dpopApp({ config: { trustProxy } });
        const { keys, token } = await aClient();
        const proof = await generateProof(keys, `${base}${PATH}`, 'GET', undefined, token);
        const response = await t.app.inject({
          method: 'GET',
          url: PATH,
          headers: {
            ...dpopHeaders(token, proof),
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'accounts.example',
          },
        });
        expect(response.statusCode).toBe(status);
      },
    );
  });

  it('answers a browser-shaped preflight that asks for the DPoP header', async () => {
    const t = await dpopApp();
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: PATH,
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'dpop, authorization',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['dpop', 'authorization']));
  });
});
