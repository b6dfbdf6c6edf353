import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import type { UseCases } from '@accounts/application';
import { createDecoder } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/command.js';
import { createOperatorUseCases } from '../../src/cli/commands/operator-use-cases.js';
import { listUserEvents } from '../../src/cli/commands/users-operator.commands.js';
import { runCommand } from './run-command.js';
import { loadConfig } from '../../src/config/load-config.js';
import { REAL_JWT_SECRET, startRealService, type RealService } from '../real-service.js';

// The CLI reaches what an operator needs without reading the source: an operator token from
// `tokens mint --scope`, and an account's security events paged as the operator API pages them.

const SECRET_ENV = { JWT_SECRET: REAL_JWT_SECRET, DATABASE_URL: 'pglite://memory' };

describe.each(await testDatabaseTargets())('operator CLI beside the operator API on $label', (target) => {
  let running: RealService;
  let useCases: UseCases;
  let close: () => Promise<void>;

  beforeAll(async () => {
    running = await startRealService(target);
    const config = loadConfig({ DATABASE_URL: 'pglite://memory', JWT_SECRET: REAL_JWT_SECRET });
    ({ useCases, close } = await createOperatorUseCases(config, running.service.database, () => undefined));
  });
  afterAll(async () => {
    await close();
    await running.close();
  });

  /** `tokens mint` in-process with the server's secret. */
  async function mint(...args: string[]) {
    const minted = await runCommand(['tokens', 'mint', ...args], { env: SECRET_ENV });
    expect(minted.stderr).toBe('');
    expect(minted.status).toBe(0);
    return minted.stdout.trim();
  }

  const adminGet = (token: string, path: string) =>
    fetch(`${running.base}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('tokens mint --scope "accounts:admin" makes an operator token; without it the operator API answers 403', async () => {
    const user = await seedUser(running.service.database.db, {});
    const operator = await mint('--user-id', 'support-1', '--scope', 'accounts:admin', '--sid', 'idp-sess-7');
    expect(createDecoder()(operator)).toMatchObject({
      sub: 'support-1',
      scope: 'accounts:admin',
      sid: 'idp-sess-7',
    });
    expect((await adminGet(operator, `/api/admin/users/${user.id}`)).status).toBe(200);

    const plain = await mint('--user-id', 'support-1');
    const decoded = createDecoder()(plain) as Record<string, unknown>;
    expect(decoded).not.toHaveProperty('scope');
    expect(decoded).not.toHaveProperty('sid');
    const refused = await adminGet(plain, `/api/admin/users/${user.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'OPERATOR_SCOPE_REQUIRED' });
  });

  it('tokens mint --help shows --scope and --sid; an empty --scope is a usage error', async () => {
    const help = await runCommand(['tokens', 'mint', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--user-id ID [--expires-in 1h] [--scope S] [--sid S]');
    expect(help.stdout).toContain('--scope "accounts:admin"');
    const withSecret = { env: SECRET_ENV };
    expect((await runCommand(['tokens', 'mint', '--user-id', 'u', '--scope', ' '], withSecret)).status).toBe(
      2,
    );
    expect((await runCommand(['tokens', 'mint', '--user-id', 'u', '--sid', ''], withSecret)).status).toBe(2);
  });

  it('users events pages as GET /api/admin/users/{id}/security-events answers, page by page', async () => {
    const user = await seedUser(running.service.database.db, {});
    await running.service.database.db
      .insertInto('audit_logs')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          user_id: user.id,
          event: 'USER_UPDATE',
          details: JSON.stringify({ field: 'displayName', value: `n${i}` }) as never,
        })),
      )
      .execute();
    const operator = await mint('--user-id', 'support-1', '--scope', 'accounts:admin');
    const events = async (args: string[]) => {
      const out: string[] = [];
      await listUserEvents(useCases, args, { out: (t) => out.push(t), err: () => undefined });
      expect(out).toHaveLength(1);
      return JSON.parse(out[0]!) as { events: unknown[]; nextCursor: string | null };
    };
    const api = async (query: string) =>
      await (await adminGet(operator, `/api/admin/users/${user.id}/security-events${query}`)).json();

    let cursor: string | null = null;
    const pages: unknown[][] = [];
    do {
      const args: string[] = [user.id, '--limit', '2', ...(cursor ? ['--cursor', cursor] : [])];
      const page = await events(args);
      expect(page).toEqual(await api(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      pages.push(page.events);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(await events([user.id])).toEqual(await api(''));

    await expect(events(['nobody'])).rejects.toThrow('User not found (USER_NOT_FOUND)');
    for (const args of [
      [user.id, '--limit', '0'],
      [user.id, '--limit', '101'],
      [user.id, '--limit', 'ten'],
      [user.id, '--cursor', 'not-a-cursor'],
      [],
      [user.id, 'extra'],
    ]) {
      await expect(events(args), JSON.stringify(args)).rejects.toBeInstanceOf(UsageError);
    }
  });

  it('users events --help names the API route and the options', async () => {
    const help = await runCommand(['users', 'events', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('users events ID [--limit N] [--cursor C]');
    expect(help.stdout).toContain('GET /api/admin/users/{id}/security-events');
  });
});
