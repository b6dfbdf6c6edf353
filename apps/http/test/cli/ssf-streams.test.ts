import { createTransactionalPorts, KyselySsfStreamRepository } from '@accounts/adapters';
import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { generateKeyPairSync } from 'node:crypto';
import { RISC_ACCOUNT_DISABLED, SSF_EVENTS_SUPPORTED, SSF_PUSH } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { runCommand } from './run-command.js';

describe.each(await testDatabaseTargets())('ssf streams on $label', (target) => {
  it('prints one JSON line per stream with its pending SETs, never its authorization_header', async () => {
    const database = await target.create();
    try {
      const none = await runCommand(['ssf', 'streams'], { database });
      expect(none).toMatchObject({ status: 0, stdout: '', stderr: 'No SSF streams.\n' });

      const at = new Date('2026-01-01T00:00:00.000Z');
      await new KyselySsfStreamRepository(database.db).create({
        id: 'stream-1',
        receiver: 'rx-1',
        delivery: {
          method: SSF_PUSH,
          endpointUrl: 'https://rx.example/events',
          authorizationHeader: 'Bearer rx-secret',
        },
        eventsRequested: null,
        eventsDelivered: [...SSF_EVENTS_SUPPORTED],
        description: null,
        status: 'paused',
        statusReason: null,
        lastVerificationAt: null,
        createdAt: at,
        updatedAt: at,
      });
      const change = {
        type: RISC_ACCOUNT_DISABLED,
        subject: { format: 'opaque' as const, id: 'x' },
        event: {},
      };
      for (const userId of ['u1', 'u2']) {
        await createTransactionalPorts(database.db).outbox.enqueue({
          kind: 'ssf',
          userId,
          payload: { streamId: 'stream-1', txn: null, change },
        });
      }
      const run = await runCommand(['ssf', 'streams'], { database });
      expect(run.status).toBe(0);
      expect(run.stdout).not.toContain('rx-secret');
      expect(JSON.parse(run.stdout)).toEqual({
        streamId: 'stream-1',
        receiver: 'rx-1',
        delivery: { method: SSF_PUSH, endpointUrl: 'https://rx.example/events' },
        status: 'paused',
        pendingSets: 2,
        createdAt: at.toISOString(),
      });
      const listed = await runCommand(['outbox', 'list', '--kind', 'ssf'], { database });
      expect(listed.stdout.trim().split('\n')).toHaveLength(2);
    } finally {
      await database.close();
    }
  });

  it('users disable from the CLI queues the SETs of the change for the server to send', async () => {
    const database = await target.create();
    try {
      const at = new Date('2026-01-01T00:00:00.000Z');
      await new KyselySsfStreamRepository(database.db).create({
        id: 'stream-cli',
        receiver: 'rx-cli',
        delivery: { method: SSF_PUSH, endpointUrl: 'https://rx.example/events', authorizationHeader: null },
        eventsRequested: null,
        eventsDelivered: [...SSF_EVENTS_SUPPORTED],
        description: null,
        status: 'enabled',
        statusReason: null,
        lastVerificationAt: null,
        createdAt: at,
        updatedAt: at,
      });
      const user = await seedUser(database.db, {});
      const key = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString();
      const env = {
        JWT_SECRET: 'x'.repeat(40),
        JWT_ISSUER: 'https://idp.example',
        SSF_SIGNING_KEYS: key,
        PUBLIC_URL: 'https://accounts.example',
      };
      const run = await runCommand(['users', 'disable', user.id, '--reason', 'ticket 12'], { database, env });
      expect(run.status).toBe(0);
      const sets = await database.db.selectFrom('outbox').selectAll().where('kind', '=', 'ssf').execute();
      expect(sets).toHaveLength(1);
      expect(JSON.stringify(sets[0]?.payload)).toContain('account-disabled');
    } finally {
      await database.close();
    }
  });
});
