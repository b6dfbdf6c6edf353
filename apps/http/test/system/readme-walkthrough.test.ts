import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'accounts-walkthrough-'));
  server = spawn(process.execPath, [join(ROOT, 'apps/http/dist/main.js')], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_COST: '1024',
      ARGON2_TIME_COST: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  env = await new Promise<typeof env>((done, fail) => {
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
}, 180_000);

afterAll(async () => {
  if (server.exitCode === null) {
    await new Promise((done) => {
      server.once('exit', done);
      server.kill('SIGTERM');
    });
  }
  rmSync(workDir, { recursive: true, force: true });
});

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

    const password = { password: env.PASSWORD };
    await step('POST', '/api/auth/disable-account', password);
    await step('DELETE', '/api/auth/disable-account', password);
    await step('POST', '/api/auth/ban-account', password);
    await step('DELETE', '/api/auth/ban-account', password);
    await step('POST', '/api/auth/delete-account', password);

    expect(shown).toHaveLength(answers.length);
    answers.forEach((answer, index) => {
      expect(
        shapeDifferences(parseShown(shown[index] ?? ''), answer),
        `step ${index + 1}: ${shown[index]}`,
      ).toEqual([]);
    });
  }, 60_000);
});
