import { KyselyUnitOfWork } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { ok } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { kyselySubject, openForSuite } from './contract-subjects.js';

const targets = await testDatabaseTargets();

describe.each(targets)('reads compiled once, inside and outside a transaction: $label', (target) => {
  const database = openForSuite(target.create);

  it("read the transaction's own uncommitted changes inside it, and the committed state outside", async () => {
    const subject = kyselySubject(database);
    const user = await subject.addUser();

    await new KyselyUnitOfWork(database.db).run(async (tx) => {
      expect(await tx.users.changeFlags(user.id, { from: { disabled: false }, to: { disabled: true } })).toBe(
        true,
      );
      // Inside: the transaction's connection, which sees the change.
      expect(await tx.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
      expect((await tx.entitlements.findWithAccountFlags(user.id, 'DROP')).flags).toEqual({
        disabled: true,
        banned: false,
      });
      // Outside, meanwhile: another connection of the pool, which does not see it yet (PGlite has
      // one session only, so that read would wait for this transaction to end).
      if (target.label !== 'pglite') {
        expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: false, banned: false });
      }
      return ok();
    });

    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
  });
});
