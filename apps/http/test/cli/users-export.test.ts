import { seedUser, testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import type { UseCases } from '@accounts/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/command.js';
import { createOperatorUseCases } from '../../src/cli/commands/operator-use-cases.js';
import { exportUser } from '../../src/cli/commands/users-export.commands.js';
import { loadConfig } from '../../src/config/load-config.js';
import { exportJson } from '../../src/routes/account-export.routes.js';
import { auditRecords } from '../real-service.js';
import { runCommand } from './run-command.js';

// `users export ID --reason R` runs the operator export over a database of each target, with
// webhooks configured: the owner's document on stdout, USER_EXPORT for the owner, no webhook.
const ENV = {
  JWT_SECRET: 'x'.repeat(40),
  WEBHOOK_URL: 'http://127.0.0.1:9/webhooks',
  WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
};
const REASON = 'ticket 9: the owner asked for their data';

type Document = Record<string, unknown> & {
  exportedAt: string;
  account: { id: string };
  securityEvents: { event: string; details: Record<string, unknown> }[];
};

describe.each(await testDatabaseTargets())('users export on $label', (target) => {
  let database: TestDatabase;
  let useCases: UseCases;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await target.create();
    const config = loadConfig({ DATABASE_URL: database.url, ...ENV });
    ({ useCases, close } = await createOperatorUseCases(config, database, () => undefined));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  async function run(args: string[]) {
    const out: string[] = [];
    await exportUser(useCases, args, { out: (text) => out.push(text), err: () => undefined });
    return out;
  }

  it("prints the owner's own export as one JSON line, audited USER_EXPORT with actorId cli, and queues no webhook", async () => {
    const user = await seedUser(database.db, { displayName: 'Ada' });
    const printed = await run([user.id, '--reason', REASON]);
    expect(printed).toHaveLength(1);
    const exported = JSON.parse(printed[0] ?? '') as Document;

    // The owner's own document (its time aside), the operator's record included.
    const own = await useCases.exportAccount.execute({ userId: user.id });
    if (!own.ok) throw new Error('no export');
    let ownText = '';
    for await (const chunk of exportJson(own.value)) ownText += chunk;
    expect({ ...exported, exportedAt: null }).toEqual({
      ...(JSON.parse(ownText) as Document),
      exportedAt: null,
    });
    expect(exported).toMatchObject({
      account: { id: user.id, email: user.email, displayName: 'Ada' },
      entitlements: [],
      passkeys: [],
      sessions: [],
      domainVerification: null,
      signInFailures: [],
      deliveries: [],
    });
    expect(exported.securityEvents.map(({ event, details }) => ({ event, details }))).toEqual([
      { event: 'USER_EXPORT', details: { actorId: 'cli', reason: REASON } },
    ]);
    expect(await auditRecords(database.db, user.id, 'USER_EXPORT')).toEqual([
      { event: 'USER_EXPORT', details: { actorId: 'cli', reason: REASON } },
    ]);
    // No webhook for the export, while a change from the CLI queues its own.
    const outbox = () =>
      database.db.selectFrom('outbox').select('kind').where('user_id', '=', user.id).execute();
    expect(await outbox()).toEqual([]);
    expect(
      (await useCases.disableAccountAsOperator.execute({ userId: user.id, actorId: 'cli', reason: REASON }))
        .ok,
    ).toBe(true);
    expect(await outbox()).toEqual([{ kind: 'webhook' }]);
  });

  it('refuses a missing or blank reason and an unknown account, recording nothing', async () => {
    const user = await seedUser(database.db, {});
    for (const args of [[user.id], [user.id, '--reason', '  '], [], [user.id, 'extra', '--reason', 'x']]) {
      await expect(run(args), JSON.stringify(args)).rejects.toBeInstanceOf(UsageError);
    }
    await expect(run(['nobody', '--reason', REASON])).rejects.toThrow('User not found (USER_NOT_FOUND)');
    expect(await auditRecords(database.db, user.id, 'USER_EXPORT')).toEqual([]);
  });

  it('runs as `accounts users export` with the document on stdout, and exits 2 without a reason', async () => {
    const user = await seedUser(database.db, {});
    const env = { DATABASE_URL: database.url, ...ENV };
    const done = await runCommand(['users', 'export', user.id, '--reason', REASON], { env, database });
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect((JSON.parse(done.stdout) as Document).account.id).toBe(user.id);

    const refused = await runCommand(['users', 'export', user.id], { env, database });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--reason is required');

    const help = await runCommand(['users', 'export', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('users export ID --reason R');
    expect(help.stdout).toContain('POST /api/admin/users/{id}/export');
  });
});
