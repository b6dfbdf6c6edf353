import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/observability/logging.js';
import { mintToken } from '../../src/tokens.js';
import { REAL_JWT_SECRET, TEST_ARGON2 } from '../real-service.js';

// End to end in a real browser: headless Chromium (Debian's package, never a downloaded one),
// driven over the DevTools protocol with a virtual authenticator, on a page the service's own
// origin serves. The page registers a passkey with navigator.credentials.create and the options
// the API gave, then disables the account with an assertion from navigator.credentials.get.

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!CHROMIUM) console.log('passkeys-browser: skipped, no Chromium installed (apt-get install -y chromium)');

const PASSWORD = 'a long and real password';
const BROWSER_TIMEOUT_MS = 120_000;

/** The test page: two steps, each called from the test with page.evaluate. */
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>Passkey end-to-end test</title>
<script>
  async function api(token, method, path, body) {
    const response = await fetch(path, {
      method,
      headers: { authorization: 'Bearer ' + token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  }

  async function registerPasskey(token) {
    const options = await api(token, 'POST', '/api/auth/passkeys/registration-options');
    const credential = await navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options.body),
    });
    return api(token, 'POST', '/api/auth/passkeys', { response: credential.toJSON(), name: 'Chromium' });
  }

  async function disableWithPasskey(token, password) {
    const options = await api(token, 'POST', '/api/auth/passkeys/authentication-options');
    const credential = await navigator.credentials.get({
      publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options.body),
    });
    return api(token, 'POST', '/api/auth/disable-account', { password, passkey: credential.toJSON() });
  }
</script>`;

/** A port free on loopback now, so that the service's origin is known before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe.skipIf(!CHROMIUM)('passkeys in headless Chromium with a virtual authenticator', () => {
  let service: Service | undefined;
  let browser: Browser | undefined;
  let origin: string;

  beforeAll(async () => {
    const [target] = await testDatabaseTargets();
    if (!target) throw new Error('no test database');
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const database = await target.create();
    const config = loadConfig({
      DATABASE_URL: database.url,
      JWT_SECRET: REAL_JWT_SECRET,
      ARGON2_MEMORY_COST: String(TEST_ARGON2.memoryCost),
      ARGON2_TIME_COST: String(TEST_ARGON2.timeCost),
      PORT: String(port),
    });
    expect(config.webauthn).toEqual({ rpId: 'localhost', rpName: 'Account Service', origins: [origin] });
    const running = await createService(config, { logger: createLogger({ level: 'silent' }), database });
    service = running;
    // A test-only page on the service's own origin.
    running.app.get('/passkey-e2e.html', (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(PAGE),
    );
    await running.app.listen({ host: 'localhost', port });
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  }, BROWSER_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await service?.app.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    'registers a passkey with navigator.credentials.create, then disables the account with navigator.credentials.get',
    async () => {
      if (!browser || !service) throw new Error('not started');
      const { db } = service.database;
      const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
      const user = await seedUser(db, { passwordHash });
      const token = mintToken({ secret: REAL_JWT_SECRET, userId: user.id, expiresInSeconds: 600 });

      const page = await browser.newPage();
      const session = await page.createCDPSession();
      await session.send('WebAuthn.enable');
      await session.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await page.goto(`${origin}/passkey-e2e.html`);

      const registered = await page.evaluate((t: string) => registerPasskey(t), token);
      expect(registered).toEqual({
        status: 201,
        body: {
          id: expect.any(String) as string,
          name: 'Chromium',
          createdAt: expect.any(String) as string,
          lastUsedAt: null,
        },
      });

      const disabled = await page.evaluate(
        (t: string, password: string) => disableWithPasskey(t, password),
        token,
        PASSWORD,
      );
      expect(disabled).toEqual({
        status: 200,
        body: { success: true, message: 'Account disabled successfully' },
      });

      const stored = await db
        .selectFrom('users')
        .select('disabled')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored.disabled).toBe(true);
      const passkeys = await db
        .selectFrom('passkeys')
        .select(['name', 'last_used_at'])
        .where('user_id', '=', user.id)
        .execute();
      expect(passkeys).toEqual([{ name: 'Chromium', last_used_at: expect.any(Date) as Date }]);
    },
    BROWSER_TIMEOUT_MS,
  );
});

type Answer = { status: number; body: unknown };

// The page's functions, as page.evaluate calls them in the browser.
declare function registerPasskey(token: string): Promise<Answer>;
declare function disableWithPasskey(token: string, password: string): Promise<Answer>;
