import { testDatabaseTargets } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbidFraming } from '../src/plugins/docs-page.js';
import { startRealService, type RealService } from './real-service.js';

// security.md, "What an attacker found": every answer carries
// `X-Content-Type-Options: nosniff`; the reference page also carries a Content-Security-Policy
// that forbids framing and eval, and X-Frame-Options DENY. Over a real socket, on the service
// the composition root builds (with /metrics).

/** Every path beside the API, with the status it answers. */
const PATHS: [string, string, number][] = [
  ['GET', '/healthz', 200],
  ['GET', '/readyz', 200],
  ['GET', '/metrics', 200],
  ['GET', '/openapi.json', 200],
  ['GET', '/docs', 200],
  ['GET', '/docs/', 200],
  ['GET', '/docs/static/swagger-ui-bundle.js', 200],
  ['GET', '/docs/static/swagger-ui.css', 200],
  ['GET', '/docs/static/swagger-initializer.js', 200],
  ['GET', '/docs/static/theme/favicon.svg', 200],
  ['GET', '/docs/static/index.html', 302],
  ['GET', '/docs/json', 200],
  ['GET', '/nope', 404],
  ['POST', '/healthz', 405],
  ['GET', '/api/user/custom-domain', 401],
];

describe.each(await testDatabaseTargets())('security headers on $label', (target) => {
  let real: RealService;
  beforeAll(async () => {
    real = await startRealService(target, { env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => real.close());

  const get = (method: string, path: string) => fetch(`${real.base}${path}`, { method, redirect: 'manual' });

  it.each(PATHS)('%s %s answers %i with X-Content-Type-Options: nosniff', async (method, path, status) => {
    const response = await get(method, path);
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/docs', '/docs/'])(
    'the page at %s carries a CSP that frames in nothing, runs no eval and loads from itself only',
    async (path) => {
      const response = await get('GET', path);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const policy = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        policy
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toContain("'self'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('a preflight from an unlisted origin still carries nosniff', async () => {
    const response = await fetch(`${real.base}/api/user/custom-domain`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('forbidFraming', () => {
  it.each([
    [
      "default-src 'self'; frame-ancestors 'self'; object-src 'none';",
      "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
    ],
    ["default-src 'self'", "default-src 'self'; frame-ancestors 'none'"],
    [
      'FRAME-ANCESTORS https://a.example https://b.example; img-src data:',
      "img-src data:; frame-ancestors 'none'",
    ],
  ])('%s becomes %s', (policy, expected) => {
    expect(forbidFraming(policy)).toBe(expected);
  });
});
