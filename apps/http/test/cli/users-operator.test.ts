import { Argon2PasswordHasher } from '@accounts/adapters';
import {
  seedEntitlement,
  seedUser,
  testDatabaseTargets,
  type TestDatabase,
} from '@accounts/adapters/testing';
import type { UseCases } from '@accounts/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { createOperatorUseCases } from '../../src/cli/commands/operator-use-cases.js';
import { changeUser, CLI_ACTOR, showUser } from '../../src/cli/commands/users-operator.commands.js';
import { UsageError } from '../../src/cli/command.js';
import { commandUsage, groupUsage } from '../../src/cli/usage.js';
import { loadConfig } from '../../src/config/load-config.js';
import { auditRecords, TEST_ARGON2 } from '../real-service.js';

// The operator commands run the server's use cases: here over a database of each target, with
// the configuration the server would load.
describe.each(await testDatabaseTargets())('users operator commands on $label', (target) => {
  let database: TestDatabase;
  let useCases: UseCases;
  let close: () => Promise<void>;
  const errors: string[] = [];

  beforeAll(async () => {
    database = await target.create();
    const config = loadConfig({ DATABASE_URL: database.url, JWT_SECRET: 'x'.repeat(40) });
    ({ useCases, close } = await createOperatorUseCases(config, database, (text) => errors.push(text)));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  async function run(work: (io: { out(text: string): void; err(text: string): void }) => Promise<void>) {
    const out: string[] = [];
    await work({ out: (text) => out.push(text), err: (text) => errors.push(text) });
    expect(out).toHaveLength(1);
    return JSON.parse(out[0]!) as Record<string, unknown>;
  }

  it('users show --email | --id prints the operator API Account as one JSON line', async () => {
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash('a long password');
    const user = await seedUser(database.db, {
      email: 'Show.Me@Example.com',
      passwordHash,
      twoFactorSecret: 'S',
    });
    await seedEntitlement(database.db, {
      userId: user.id,
      service: 'DROP',
      tier: 'pro',
      billingCustomerId: 'cus_cli',
      billingSubscriptionId: null,
      metadata: null,
    });
    const byEmail = await run((io) => showUser(useCases, ['--email', 'show.me@example.com'], io));
    expect(byEmail).toEqual({
      id: user.id,
      email: 'Show.Me@Example.com',
      displayName: user.displayName,
      disabled: false,
      banned: false,
      twoFactorEnabled: false,
      passkeys: 0,
      createdAt: expect.any(String) as unknown,
      entitlements: [
        {
          service: 'DROP',
          tier: 'pro',
          billingCustomerId: 'cus_cli',
          billingSubscriptionId: null,
          customDomain: null,
          customDomainVerified: false,
        },
      ],
    });
    expect(await run((io) => showUser(useCases, ['--id', user.id], io))).toEqual(byEmail);
    expect(JSON.stringify(byEmail)).not.toContain(passwordHash);
    await expect(run((io) => showUser(useCases, ['--id', 'nobody'], io))).rejects.toThrow(
      'User not found (USER_NOT_FOUND)',
    );
    await expect(run((io) => showUser(useCases, [], io))).rejects.toBeInstanceOf(UsageError);
    await expect(run((io) => showUser(useCases, ['--id', 'a', '--email', 'b'], io))).rejects.toBeInstanceOf(
      UsageError,
    );
  });

  it('users disable|enable|ban|unban|reset-two-factor ID --reason R change the account as the API does, audited with the CLI as actor', async () => {
    const user = await seedUser(database.db, { twoFactorEnabled: true, twoFactorSecret: 'sealed' });
    const reason = ['--reason', 'ticket 12'];
    const steps: [Parameters<typeof changeUser>[1], string][] = [
      ['disable', 'Account disabled successfully'],
      ['ban', 'Account banned successfully'],
      ['unban', 'Account unbanned successfully'],
      ['enable', 'Account enabled successfully'],
      ['reset-two-factor', 'Two-factor authentication reset'],
    ];
    for (const [action, message] of steps) {
      expect(await run((io) => changeUser(useCases, action, [user.id, ...reason], io))).toEqual({
        success: true,
        message,
      });
    }
    const row = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect([row.disabled, row.banned, row.two_factor_enabled, row.two_factor_secret]).toEqual([
      false,
      false,
      false,
      null,
    ]);
    expect(await auditRecords(database.db, user.id, 'USER_BAN')).toEqual([
      { event: 'USER_BAN', details: { email: user.email, actorId: CLI_ACTOR, reason: 'ticket 12' } },
    ]);
    expect(await auditRecords(database.db, user.id, 'TWO_FACTOR_DISABLE')).toEqual([
      { event: 'TWO_FACTOR_DISABLE', details: { actorId: CLI_ACTOR, reason: 'ticket 12' } },
    ]);

    await expect(run((io) => changeUser(useCases, 'enable', [user.id, ...reason], io))).rejects.toThrow(
      'Account is not disabled (ACCOUNT_NOT_DISABLED)',
    );
    await expect(run((io) => changeUser(useCases, 'unban', ['nobody', ...reason], io))).rejects.toThrow(
      'User not found',
    );
    for (const args of [[user.id], [...reason], [user.id, '--reason', ' '], [user.id, 'extra', ...reason]]) {
      await expect(run((io) => changeUser(useCases, 'ban', args, io))).rejects.toBeInstanceOf(UsageError);
    }
  });
});

describe('users operator commands usage', () => {
  it('lists show and every operator action under users', () => {
    const text = groupUsage('users', COMMANDS);
    expect(text).toContain('users show --email E | --id ID');
    for (const action of ['disable', 'enable', 'ban', 'unban', 'reset-two-factor']) {
      expect(text).toContain(`users ${action} ID --reason R`);
    }
    const ban = COMMANDS.find((command) => command.name.join(' ') === 'users ban');
    expect(commandUsage(ban!, COMMANDS)).toContain('actorId "cli"');
  });
});
