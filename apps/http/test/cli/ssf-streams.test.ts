import { createTransactionalPorts, KyselySsfStreamRepository } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
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
});
