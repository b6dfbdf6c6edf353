import { generateKeyPairSync } from 'node:crypto';
import { parseSsfSigningKeys, ssfJwks } from '@accounts/adapters';
import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { ConfigError } from '../src/config/config-error.js';
import { configTable } from '../src/config/config-table.js';
import { loadConfig } from '../src/config/load-config.js';
import { loadSsfSettings } from '../src/config/ssf-settings.js';
import { ssfDiscoveryRoutes } from '../src/routes/ssf-discovery.routes.js';
import { testConfig } from './support.js';

const pem = (bits = 2048) =>
  generateKeyPairSync('rsa', { modulusLength: bits })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
const KEY = pem();
const PROVIDER = 'https://idp.example';

const load = (env: Record<string, string>, providerIssuer: string | null = PROVIDER) =>
  loadSsfSettings(env, providerIssuer, parseSsfSigningKeys);

async function refusal(env: Record<string, string>, providerIssuer: string | null = PROVIDER) {
  const error = await load(env, providerIssuer).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('SSF settings at start', () => {
  it('are off without SSF_SIGNING_KEYS', async () => {
    expect(await load({ PUBLIC_URL: 'https://accounts.example/' })).toBeNull();
  });

  it("take PUBLIC_URL's origin as the issuer, the keys in order, the push rule", async () => {
    const settings = await load({
      SSF_SIGNING_KEYS: KEY,
      PUBLIC_URL: 'https://accounts.example',
      SSF_ALLOW_INSECURE_PUSH: 'true',
    });
    expect(settings).toMatchObject({
      issuer: 'https://accounts.example',
      providerIssuer: PROVIDER,
      allowInsecurePush: true,
    });
    expect(settings?.keys).toHaveLength(1);
  });

  it.each([
    ['no PUBLIC_URL', { SSF_SIGNING_KEYS: KEY }, 'PUBLIC_URL'],
    [
      'a PUBLIC_URL with a path',
      { SSF_SIGNING_KEYS: KEY, PUBLIC_URL: 'https://accounts.example/accounts' },
      'PUBLIC_URL',
    ],
    [
      'a PUBLIC_URL with a query',
      { SSF_SIGNING_KEYS: KEY, PUBLIC_URL: 'https://accounts.example/?a=1' },
      'PUBLIC_URL',
    ],
    [
      'a PUBLIC_URL that is no http(s) URL',
      { SSF_SIGNING_KEYS: KEY, PUBLIC_URL: 'ftp://accounts.example' },
      'PUBLIC_URL',
    ],
    [
      'a key under 2048 bits',
      { SSF_SIGNING_KEYS: pem(1024), PUBLIC_URL: 'https://a.example' },
      'SSF_SIGNING_KEYS',
    ],
    ['no key at all', { SSF_SIGNING_KEYS: 'secret', PUBLIC_URL: 'https://a.example' }, 'SSF_SIGNING_KEYS'],
    ['a push rule that is no boolean', { SSF_ALLOW_INSECURE_PUSH: 'yes' }, 'SSF_ALLOW_INSECURE_PUSH'],
  ])('stop the start on %s, naming the variable', async (_name, env, variable) => {
    const error = await refusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message).not.toContain('PRIVATE KEY');
  });

  it.each(['PUBLIC_URL', 'SSF_SIGNING_KEYS', 'SSF_ALLOW_INSECURE_PUSH'])(
    'declare %s in the configuration schema: a row of the generated table, checked with the others',
    (variable) => {
      expect(configTable()).toContain(`| \`${variable}\` `);
    },
  );

  it('are checked by the whole configuration too, naming the variable', () => {
    const error = (() => {
      try {
        loadConfig({ JWT_SECRET: 'x'.repeat(32), SSF_ALLOW_INSECURE_PUSH: 'yes' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('SSF_ALLOW_INSECURE_PUSH');
  });

  it("stop the start without the provider's issuer (subjects name users by it)", async () => {
    const error = await refusal({ SSF_SIGNING_KEYS: KEY, PUBLIC_URL: 'https://a.example' }, null);
    expect(error.variable).toBe('SSF_SIGNING_KEYS');
    expect(error.message).toContain('OIDC_ISSUER');
  });
});

describe('GET /.well-known/ssf-configuration and the key set', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function appWith(keysText: string) {
    const settings = await load({ SSF_SIGNING_KEYS: keysText, PUBLIC_URL: 'https://accounts.example' });
    app = await buildApp({ useCases: createUseCases(createTestPorts()), config: testConfig() });
    await app.register(ssfDiscoveryRoutes, { issuer: settings!.issuer, jwks: ssfJwks(settings!.keys) });
    await app.ready();
    return { app, settings: settings! };
  }

  it('answers the Transmitter Configuration Metadata at the host root', async () => {
    const { app } = await appWith(KEY);
    const response = await app.inject({ method: 'GET', url: '/.well-known/ssf-configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const base = 'https://accounts.example';
    expect(response.json()).toEqual({
      spec_version: '1_0',
      issuer: base,
      jwks_uri: `${base}/api/ssf/jwks`,
      delivery_methods_supported: ['urn:ietf:rfc:8935', 'urn:ietf:rfc:8936'],
      configuration_endpoint: `${base}/api/ssf/stream`,
      status_endpoint: `${base}/api/ssf/status`,
      add_subject_endpoint: `${base}/api/ssf/subjects/add`,
      remove_subject_endpoint: `${base}/api/ssf/subjects/remove`,
      verification_endpoint: `${base}/api/ssf/verify`,
      authorization_schemes: [{ spec_urn: 'urn:ietf:rfc:6749' }],
      default_subjects: 'ALL',
    });
  });

  it("publishes every key's public part at jwks_uri, cacheable, with no token", async () => {
    const second = pem();
    const { app, settings } = await appWith(`${KEY}${second}`);
    const response = await app.inject({ method: 'GET', url: '/api/ssf/jwks' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { keys } = response.json<{ keys: { kid: string; d?: string }[] }>();
    expect(keys.map((key) => key.kid)).toEqual(settings.keys.map((key) => key.kid));
    expect(keys.every((key) => key.d === undefined)).toBe(true);
  });

  it('is not in the OpenAPI description (SSF 1.0 describes it)', async () => {
    const { app } = await appWith(KEY);
    const description = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: object }>();
    expect(Object.keys(description.paths)).not.toContain('/.well-known/ssf-configuration');
    expect(Object.keys(description.paths)).not.toContain('/api/ssf/jwks');
  });
});
