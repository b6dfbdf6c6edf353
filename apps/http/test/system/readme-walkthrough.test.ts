import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The README's walkthrough, request by request, against a dev-mode server started as
// `pnpm start` starts it: each answer must have the shape the README shows after `# →`.

const ROOT = resolve(import.meta.dirname, '../../../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The outputs the README shows (`# → …`, continuation lines `#    …` joined), in order. */
function shownOutputs(markdown: string): string[] {
  const outputs: string[] = [];
  let continues = false;
  for (const line of markdown.split('\n')) {
    const shown: string | undefined = /^# → (.*)$/.exec(line)?.[1];
    const more: string | undefined = continues ? /^# {4}(.*)$/.exec(line)?.[1] : undefined;
    if (shown !== undefined) outputs.push(shown);
    else if (more !== undefined) outputs.push(`${outputs.pop() ?? ''}${more}`);
    continues = shown !== undefined || more !== undefined;
  }
  return outputs;
}

/** A shown output as JSON: `…` elides the rest of an array or object, or part of a string. */
function parseShown(text: string): unknown {
  return JSON.parse(text.replace(/,\s*…\s*([\]}])/g, '$1')) as unknown;
}

/** Values the README shows as they are; every other string only has to be a string. */
const EXACT_KEYS = new Set(['message', 'status', 'event', 'field', 'recordType', 'domain', 'customDomain']);

/** Where `actual` differs in shape from `shown`: other keys, other types, or another fixed value. */
function shapeDifferences(shown: unknown, actual: unknown, path = '$', key = ''): string[] {
  if (typeof shown === 'string' && !EXACT_KEYS.has(key)) {
    return typeof actual === 'string' ? [] : [`${path}: a string, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${path}: an array, got ${JSON.stringify(actual)}`];
    if (actual.length < shown.length)
      return [`${path}: at least ${shown.length} items, got ${actual.length}`];
    return shown.flatMap((item, index) => shapeDifferences(item, actual[index], `${path}[${index}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`${path}: an object, got ${JSON.stringify(actual)}`];
    }
    const shownKeys = Object.keys(shown).sort();
    const actualKeys = Object.keys(actual).sort();
    if (shownKeys.join() !== actualKeys.join()) {
      return [`${path}: keys ${shownKeys.join()}, got ${actualKeys.join()}`];
    }
    return shownKeys.flatMap((name) =>
      shapeDifferences(
        (shown as Record<string, unknown>)[name],
        (actual as Record<string, unknown>)[name],
        `${path}.${name}`,
        name,
      ),
    );
  }
  return shown === actual ? [] : [`${path}: ${JSON.stringify(shown)}, got ${JSON.stringify(actual)}`];
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret at `step`. */
function totp(secret: string, step: number): string {
  const bits = Array.from(secret.replace(/=+$/, ''))
    .map((c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const currentStep = () => Math.floor(Date.now() / 30_000);

let workDir: string;
let server: ChildProcess;
let env: { TOKEN: string; PASSWORD: string; API: string };

/** The environment of `pnpm start` in dev mode, with cheap hashing; PORT=0 takes a free port. */
const DEV_ENV = {
  PATH: process.env.PATH ?? '',
  PORT: '0',
  LOG_LEVEL: 'warn',
  ARGON2_MEMORY_COST: '1024',
  ARGON2_TIME_COST: '1',
};

/** Starts the built server in dev mode in `workDir`; resolves with the line it prints to paste. */
async function startDevServer(): Promise<typeof env> {
  server = spawn(process.execPath, [join(ROOT, 'apps/http/dist/main.js')], {
    cwd: workDir,
    env: DEV_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<typeof env>((done, fail) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('export TOKEN='));
      if (line) {
        const value = (name: string) => new RegExp(`\\b${name}=(\\S+)`).exec(line)?.[1] ?? '';
        done({ TOKEN: value('TOKEN'), PASSWORD: value('PASSWORD'), API: value('API') });
      }
    });
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.on('exit', (code) => fail(new Error(`the dev server exited (${code}):\n${output}`)));
  });
}

async function stopDevServer() {
  if (server.exitCode === null) {
    await new Promise((done) => {
      server.once('exit', done);
      server.kill('SIGTERM');
    });
  }
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'accounts-walkthrough-'));
  env = await startDevServer();
}, 180_000);

afterAll(async () => {
  await stopDevServer();
  rmSync(workDir, { recursive: true, force: true });
});

/** `pnpm cli tokens mint …` as the README runs it beside the dev server: a token for its secret. */
function mint(...args: string[]): string {
  return execFileSync(process.execPath, [join(ROOT, 'apps/http/dist/cli.js'), 'tokens', 'mint', ...args], {
    cwd: workDir,
    env: DEV_ENV,
    encoding: 'utf8',
  }).trim();
}

/** One request as the README's curl sends it: the token, and a JSON body only when there is one. */
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${env.API}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      authorization: `Bearer ${env.TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('the README walkthrough', () => {
  it('shows a body-less request without a JSON content type, which the service would refuse', async () => {
    expect(README).toContain('curl -s "${token[@]}" -X DELETE $API/api/user/custom-domain');
    const answer = await fetch(`${env.API}/api/user/custom-domain`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${env.TOKEN}`, 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
  });

  it('names PORT and HOST in the set-up, and the server listens where PORT says', () => {
    const setUp = README.slice(README.indexOf('## Set up and run'), README.indexOf('## Test'));
    expect(setUp).toContain('`PORT` and `HOST`');
    expect(setUp).toContain('PORT=8080 pnpm start');
    // PORT=0 took a free port, and the printed API names it.
    expect(new URL(env.API).port).not.toBe('3000');
    expect(new URL(env.API).hostname).toBe('127.0.0.1');
  });

  it('shows how to mint an operator token, which the operator API takes', async () => {
    expect(README).toContain(
      'export OPERATOR_TOKEN=$(pnpm --silent cli tokens mint --user-id support-1 --scope "accounts:admin")',
    );
    expect(README).toMatch(
      /the reason is shown to the account's owner\*\*: it is in their security\s+events/,
    );
    const operatorToken = execFileSync(
      process.execPath,
      [
        join(ROOT, 'apps/http/dist/cli.js'),
        'tokens',
        'mint',
        '--user-id',
        'support-1',
        '--scope',
        'accounts:admin',
      ],
      { cwd: workDir, env: DEV_ENV, encoding: 'utf8' },
    ).trim();
    const answer = await fetch(`${env.API}/api/admin/users/demo-user`, {
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: 'demo-user', email: 'demo@example.com' });
  });

  it('says that a TOTP code works once', () => {
    expect(README).toMatch(/A TOTP code works once: wait for the app's\s+#\s+next code/);
  });

  it('answers every step with the shape the README shows', async () => {
    const shown = shownOutputs(README);
    const answers: unknown[] = [];
    const step = async (method: string, path: string, body?: unknown) => {
      const answer = await call(method, path, body);
      answers.push(answer.json);
      return answer;
    };

    const setUp = await step('POST', '/api/auth/2fa', { enable: true });
    const secret = String(setUp.json?.secret);
    const confirmedAt = currentStep();
    const confirmed = await step('POST', '/api/auth/2fa', {
      enable: true,
      secret,
      verificationCode: totp(secret, confirmedAt),
    });
    await step('GET', '/api/auth/2fa');
    // A code works once: the next one (the service takes one step either side of now).
    await step('POST', '/api/auth/2fa/backup-codes', { verificationCode: totp(secret, confirmedAt + 1) });
    expect(confirmed.status).toBe(200);
    const regenerated = answers.at(-1) as { backupCodes: string[] };
    await step('POST', '/api/auth/2fa', { enable: false, verificationCode: regenerated.backupCodes[0] });
    expect(answers.at(-1)).toMatchObject({ twoFactorEnabled: false });

    await step('POST', '/api/user/custom-domain', { domain: 'files.example.com' });
    await step('GET', '/api/user/custom-domain');
    await step('GET', '/api/user/custom-domain/verification');
    await step('POST', '/api/user/custom-domain/verify');
    await step('DELETE', '/api/user/custom-domain');
    const events = await step('GET', '/api/user/security-events?limit=2');
    await step(
      'GET',
      `/api/user/security-events?limit=2&cursor=${encodeURIComponent(String(events.json?.nextCursor))}`,
    );

    // Passkeys: the registration options (shown in prose only), then the list.
    expect((await call('POST', '/api/auth/passkeys/registration-options')).status).toBe(200);
    await step('GET', '/api/auth/passkeys');

    // The billing portal: a real 307 to the dev-mode stand-in's page for the demo customer.
    expect(README).toContain(
      'curl -s -o /dev/null -w \'%{http_code} %{redirect_url}\\n\' "${token[@]}" $API/api/billing/portal',
    );
    expect(README).toContain('# 307 http://127.0.0.1:…/portal/cus_demo');
    const portal = await fetch(`${env.API}/api/billing/portal`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${env.TOKEN}` },
    });
    expect(portal.status).toBe(307);
    const location = portal.headers.get('location') ?? '';
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal\/cus_demo$/);
    expect((await fetch(location)).status).toBe(200);

    // The export, as a download.
    expect(README).toContain('curl -s "${token[@]}" -o account-export.json $API/api/user/export');
    const exported = await fetch(`${env.API}/api/user/export`, {
      headers: { authorization: `Bearer ${env.TOKEN}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    expect(await exported.json()).toMatchObject({ account: { id: 'demo-user' } });

    // Deletion last.
    const password = { password: env.PASSWORD };
    await step('POST', '/api/auth/disable-account', password);
    await step('DELETE', '/api/auth/disable-account', password);
    await step('POST', '/api/auth/ban-account', password);
    await step('DELETE', '/api/auth/ban-account', password);

    // Sessions: a second one minted with --sid, the list, signing it out, signing out everywhere.
    expect(README).toContain('pnpm --silent cli tokens mint --user-id demo-user --sid phone');
    const phoneToken = mint('--user-id', 'demo-user', '--sid', 'phone');
    const asPhone = (path: string) =>
      fetch(`${env.API}${path}`, { headers: { authorization: `Bearer ${phoneToken}` } });
    expect((await asPhone('/api/user/sessions')).status).toBe(200);
    const sessions = await call('GET', '/api/user/sessions');
    const listed = sessions.json?.sessions as { id: string; current: boolean }[];
    expect(listed.map((session) => session.current).sort()).toEqual([false, true]);
    // The README shows this session first: a request marks its session seen (once a minute at most)
    // before it answers, so a listing a minute or more after the last mark, as a reader's is, leads
    // with its own session. This run is quicker than that, so the shape is checked this one first.
    answers.push({
      ...sessions.json,
      sessions: [...listed].sort((a, b) => Number(b.current) - Number(a.current)),
    });
    const phone = listed.find((session) => !session.current);
    await step('DELETE', `/api/user/sessions/${phone?.id ?? ''}`, password);
    const refused = await asPhone('/api/user/sessions');
    expect(refused.status).toBe(401);
    answers.push(await refused.json());
    await step('POST', '/api/user/sign-out-everywhere');
    expect((await call('GET', '/api/auth/2fa')).status).toBe(401);
    // A token issued from the next second on works again.
    const signedOutAt = Math.floor(Date.now() / 1000);
    await vi.waitUntil(() => Math.floor(Date.now() / 1000) > signedOutAt, { timeout: 2000, interval: 50 });
    env.TOKEN = mint('--user-id', 'demo-user');

    await step('POST', '/api/auth/delete-account', password);

    expect(shown).toHaveLength(answers.length);
    answers.forEach((answer, index) => {
      expect(
        shapeDifferences(parseShown(shown[index] ?? ''), answer),
        `step ${index + 1}: ${shown[index]}`,
      ).toEqual([]);
    });
    // The delete is the walkthrough's last step: after it, the token finds no user.
    expect(README.indexOf('$API/api/auth/delete-account')).toBeGreaterThan(
      README.indexOf('$API/api/billing/portal'),
    );
    expect((await call('GET', '/api/auth/2fa')).status).toBe(404);
  }, 60_000);

  it('says a restart reseeds the demo account, and a restart does', async () => {
    expect(README).toMatch(/A restart reseeds the demo account/);
    await stopDevServer();
    env = await startDevServer();
    const again = await call('GET', '/api/auth/2fa');
    expect(again).toEqual({
      status: 200,
      json: { twoFactorEnabled: false, backupCodesRemaining: 0, passkeys: 0 },
    });
  }, 120_000);
});
