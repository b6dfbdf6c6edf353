import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  freePort,
  serviceDatabase,
  startServiceBehindProvider,
  type ServiceBehindProvider,
} from './service-behind-provider.js';
import { RESOURCE, startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.js';

// decisions.md, "A stronger or more recent sign-in (RFC 9470)": the built service behind
// node-oidc-provider, whose tokens carry the `acr` and `auth_time` of a real sign-in.

const LISTED = '/api/user/sessions';
const NOT_LISTED = '/api/auth/2fa';
const MFA = 'urn:accounts:mfa';
const CHALLENGE = `Bearer error="insufficient_user_authentication", error_description="A stronger or more recent sign-in is required", acr_values="${MFA}", max_age=300`;
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

describe.each(await testDatabaseTargets())('step-up behind node-oidc-provider on $label', (target) => {
  let idp: TestIdentityProvider;
  let service: ServiceBehindProvider;
  const started: { close: () => Promise<void> }[] = [];
  let userId: string;

  beforeAll(async () => {
    const port = await freePort();
    idp = await startTestIdentityProvider({
      backchannelLogoutUri: `http://127.0.0.1:${port}/api/idp/backchannel-logout`,
    });
    started.push(idp);
    const env = {
      OIDC_ISSUER: idp.issuer,
      JWT_AUDIENCE: RESOURCE,
      STEP_UP_OPERATIONS: 'listSessions',
      STEP_UP_ACR_VALUES: MFA,
      STEP_UP_MAX_AGE_S: '300',
    };
    const database = await serviceDatabase(target);
    started.push(database);
    userId = createUser(database, env, `step-up-${randomBytes(4).toString('hex')}@example.com`);
    service = await startServiceBehindProvider(database, port, env);
    started.push({ close: service.stop });
  });
  afterAll(async () => {
    for (const resource of started.reverse()) await resource.close();
  });

  const call = (token: string, path: string) =>
    fetch(`${service.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const now = () => Math.floor(Date.now() / 1000);

  it('asks a password sign-in for a stronger one on a listed operation, and nowhere else', async () => {
    const { accessToken } = await idp.signIn(userId, { acr: 'urn:accounts:password' });
    const refused = await call(accessToken, LISTED);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'INSUFFICIENT_USER_AUTHENTICATION' });
    expect(refused.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect((await call(accessToken, NOT_LISTED)).status).toBe(200);
  });

  it('asks an old sign-in for a recent one, and lets a recent strong one through', async () => {
    const old = await idp.signIn(userId, { acr: MFA, authTime: now() - 3600 });
    const refused = await call(old.accessToken, LISTED);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(CHALLENGE);
    const fresh = await idp.signIn(userId, { acr: MFA, authTime: now() - 10 });
    expect((await call(fresh.accessToken, LISTED)).status).toBe(200);
  });

  it.skipIf(!CHROMIUM)(
    'lets a page of another origin read the challenge with fetch',
    async () => {
      const { accessToken } = await idp.signIn(userId, { acr: 'urn:accounts:password' });
      const page: Server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>');
      });
      await new Promise<void>((done) => page.listen(0, '127.0.0.1', done));
      // localhost and 127.0.0.1 are two origins: the fetch is cross-origin, with a preflight.
      const origin = `http://localhost:${(page.address() as AddressInfo).port}`;
      const browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
      });
      try {
        const tab = await browser.newPage();
        await tab.goto(origin);
        // The page's script as text: this project's TypeScript has no DOM types.
        const seen = (await tab.evaluate(`
        fetch(${JSON.stringify(service.base + LISTED)}, { headers: { authorization: ${JSON.stringify(`Bearer ${accessToken}`)} } })
          .then(async (response) => ({ status: response.status, challenge: response.headers.get('www-authenticate') }))
      `)) as { status: number; challenge: string | null };
        expect(seen).toEqual({ status: 401, challenge: CHALLENGE });
      } finally {
        await browser.close();
        page.close();
      }
    },
    60_000,
  );
});
