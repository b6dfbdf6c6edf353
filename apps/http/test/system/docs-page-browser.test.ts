import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support.js';

// security.md, "What an attacker found": the reference page still works in a real browser under its
// Content-Security-Policy. Debian's Chromium (`apt-get install -y chromium`; .ci/run installs it)
// driven by puppeteer-core, which never downloads a browser of its own.
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!CHROMIUM) {
  console.warn('docs-page-browser: skipped, no Chromium installed (apt-get install -y chromium)');
}

describe.skipIf(!CHROMIUM)('the reference page in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Root in a container has no user namespace for Chromium's sandbox.
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    await t.app.close();
  });

  it.each(['/docs', '/docs/'])(
    'renders the operations at %s with no CSP violation and no script error',
    async (path) => {
      const page = await browser.newPage();
      const messages: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => errors.push(String(error)));
      // Every violation the page reports, also those the console does not show.
      // (The page's scripts as text: this project's TypeScript has no DOM types.)
      await page.evaluateOnNewDocument(`
        window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
        });
      `);

      const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
      const paths = (await page.evaluate(
        `[...document.querySelectorAll('.opblock-summary-path')].map((e) => e.getAttribute('data-path') ?? e.textContent)`,
      )) as string[];
      const violations = (await page.evaluate('window.cspViolations')) as string[];
      await page.close();

      expect(paths).toContain('/api/user/custom-domain');
      expect(paths).toContain('/api/auth/delete-account');
      expect(violations).toEqual([]);
      expect(messages.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
      expect(errors).toEqual([]);
    },
    60_000,
  );

  it('is not framed by another page', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) violations.push(message.text());
    });
    // A page of another origin (about:blank with srcdoc) that frames /docs.
    await page.setContent(`<iframe id="docs" src="${base}/docs"></iframe>`);
    // The browser reports the refusal on the console: wait for it (a poll with a deadline).
    for (const until = Date.now() + 10_000; violations.length === 0 && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const frame = page.frames().find((candidate) => candidate.url().startsWith(base));
    const rendered = frame ? await frame.$('.opblock-summary-path') : null;
    await page.close();
    expect(rendered).toBeNull();
    expect(violations.length).toBeGreaterThan(0);
  }, 60_000);
});
