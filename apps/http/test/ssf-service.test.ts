import { generateKeyPairSync } from 'node:crypto';
import { createPgliteTestDatabase } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { createService, loadSsf } from '../src/composition-root.js';
import { ConfigError } from '../src/config/config-error.js';
import { loadConfig } from '../src/config/load-config.js';
import { signJwt } from './support.js';

const SECRET = 'a-jwt-secret-for-the-ssf-service-test-0123456789';
const KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();
const BASE = {
  LOG_LEVEL: 'silent',
  JWT_SECRET: SECRET,
  JWT_ISSUER: 'https://idp.example',
  METRICS_ENABLED: 'false',
};

async function serviceWith(env: Record<string, string>) {
  const config = loadConfig(env);
  const ssf = await loadSsf(env, config);
  return createService(config, { database: await createPgliteTestDatabase(), ssf });
}

describe('the SSF transmitter in the service', () => {
  it('is off without SSF_SIGNING_KEYS: its discovery and /api/ssf/ answer 404', async () => {
    const service = await serviceWith(BASE);
    try {
      expect(
        (await service.app.inject({ method: 'GET', url: '/.well-known/ssf-configuration' })).statusCode,
      ).toBe(404);
      expect((await service.app.inject({ method: 'GET', url: '/api/ssf/jwks' })).statusCode).toBe(404);
      expect((await service.app.inject({ method: 'GET', url: '/api/ssf/stream' })).statusCode).toBe(404);
    } finally {
      await service.app.close();
    }
  });

  it('serves its discovery and keeps streams in the database with SSF_SIGNING_KEYS', async () => {
    const service = await serviceWith({
      ...BASE,
      SSF_SIGNING_KEYS: KEY,
      PUBLIC_URL: 'https://accounts.example/',
    });
    try {
      const metadata = await service.app.inject({ method: 'GET', url: '/.well-known/ssf-configuration' });
      expect(metadata.json()).toMatchObject({ issuer: 'https://accounts.example', default_subjects: 'ALL' });
      const now = Math.floor(Date.now() / 1000);
      const token = signJwt(
        {
          sub: 'svc',
          client_id: 'rx-1',
          scope: 'ssf.manage',
          iss: 'https://idp.example',
          iat: now,
          exp: now + 600,
        },
        { key: SECRET },
      );
      const headers = { authorization: `Bearer ${token}` };
      const created = await service.app.inject({
        method: 'POST',
        url: '/api/ssf/stream',
        headers,
        payload: {},
      });
      expect(created.statusCode).toBe(201);
      const { stream_id } = created.json<{ stream_id: string }>();
      expect(created.json()).toMatchObject({
        aud: 'rx-1',
        delivery: { endpoint_url: `https://accounts.example/api/ssf/poll/${stream_id}` },
      });
      const read = await service.app.inject({
        method: 'GET',
        url: `/api/ssf/stream?stream_id=${stream_id}`,
        headers,
      });
      expect(read.statusCode).toBe(200);
    } finally {
      await service.app.close();
    }
  });

  it('refuses to start with a PUBLIC_URL that has a path', async () => {
    const env = { ...BASE, SSF_SIGNING_KEYS: KEY, PUBLIC_URL: 'https://accounts.example/accounts' };
    const refusal = await loadSsf(env, loadConfig(env)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).variable).toBe('PUBLIC_URL');
  });
});
