import { seedUser, testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import type { UseCases } from '@accounts/application';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { createOperatorUseCases } from '../../src/cli/commands/operator-use-cases.js';
import { listUserSessions, signOutUser } from '../../src/cli/commands/users-sessions.commands.js';
import { loadConfig } from '../../src/config/load-config.js';
import { auditRecords } from '../real-service.js';

// `users sessions` and `users sign-out` run the server's use cases over a database of each target.
describe.each(await testDatabaseTargets())('users session commands on $label', (target) => {
  let database: TestDatabase;
  let useCases: UseCases;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await target.create();
    const config = loadConfig({ DATABASE_URL: database.url, JWT_SECRET: 'x'.repeat(40) });
    ({ useCases, close } = await createOperatorUseCases(config, database, () => undefined));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  async function run(work: (io: { out(text: string): void; err(text: string): void }) => Promise<void>) {
    const out: string[] = [];
    await work({ out: (text) => out.push(text), err: () => undefined });
    return out.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  async function userWithSessions(keys: string[]) {
    const user = await seedUser(database.db, {});
    const expiresAt = new Date(Date.now() + 3_600_000);
    for (const key of keys) {
      await database.db
        .insertInto('sessions')
        .values({ user_id: user.id, key, sid: key.replace(/^sid:/, ''), expires_at: expiresAt })
        .execute();
    }
    return user;
  }

  it('users sessions ID prints one JSON line per live session', async () => {
    const user = await userWithSessions(['sid:one', 'sid:two']);
    const lines = await run((io) => listUserSessions(useCases, [user.id], io));
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0] ?? {}).sort()).toEqual(
      ['address', 'createdAt', 'expiresAt', 'id', 'lastSeenAt', 'userAgent'].sort(),
    );
    await expect(run((io) => listUserSessions(useCases, ['nobody'], io))).rejects.toThrow(
      'User not found (USER_NOT_FOUND)',
    );
    await expect(run((io) => listUserSessions(useCases, [], io))).rejects.toBeInstanceOf(UsageError);
  });

  it('users sessions ID prints every page: each live session once, most recently seen first', async () => {
    const keys = Array.from({ length: 230 }, (_, i) => `sid:page-${i}`);
    const user = await userWithSessions(keys);
    await database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - (cast(substr(key, 10) as integer) * interval '1 second')` })
      .where('user_id', '=', user.id)
      .execute();
    const lines = await run((io) => listUserSessions(useCases, [user.id], io));
    expect(lines).toHaveLength(230);
    expect(new Set(lines.map((line) => line.id)).size).toBe(230);
    const seen = lines.map((line) => Date.parse(String(line.lastSeenAt)));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('users sign-out ID --reason R signs out everywhere, audited with actorId cli', async () => {
    const user = await userWithSessions(['sid:a', 'sid:b']);
    await expect(run((io) => signOutUser(useCases, [user.id], io))).rejects.toBeInstanceOf(UsageError);
    await expect(run((io) => signOutUser(useCases, [user.id, '--reason', ' '], io))).rejects.toBeInstanceOf(
      UsageError,
    );
    expect(await run((io) => signOutUser(useCases, [user.id, '--reason', 'ticket 9'], io))).toEqual([
      { success: true, revoked: 2 },
    ]);
    expect(await run((io) => listUserSessions(useCases, [user.id], io))).toEqual([]);
    expect(await auditRecords(database.db, user.id, 'SESSIONS_REVOKE')).toEqual([
      {
        event: 'SESSIONS_REVOKE',
        details: { scope: 'all', count: 2, initiator: 'operator', actorId: 'cli', reason: 'ticket 9' },
      },
    ]);
    await expect(run((io) => signOutUser(useCases, ['nobody', '--reason', 'x'], io))).rejects.toThrow(
      'User not found (USER_NOT_FOUND)',
    );
  });

  it('both are listed commands', () => {
    const names = COMMANDS.map((command) => command.name.join(' '));
    expect(names).toEqual(expect.arrayContaining(['users sessions', 'users sign-out']));
  });
});
