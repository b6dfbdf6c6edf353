import { KyselyUnitOfWork } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { err, ok } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { kyselySubject, openForSuite } from './contract-subjects.js';

const targets = await testDatabaseTargets();

describe.each(targets)('KyselyUnitOfWork over an open transaction: $label', (target) => {
  const database = openForSuite(target.create);

  it('rolls back only the inner work that returned an error', async () => {
    const subject = kyselySubject(database);
    const user = await subject.addUser();

    await database.db.transaction().execute(async (trx) => {
      const unitOfWork = new KyselyUnitOfWork(trx);
      await unitOfWork.run(async (tx) => {
        await tx.users.changeFlags(user.id, { from: {}, to: { disabled: true } });
        return ok();
      });
      const refused = await unitOfWork.run(async (tx) => {
        await tx.users.changeFlags(user.id, { from: {}, to: { banned: true } });
        return err('refused');
      });
      expect(refused).toEqual({ ok: false, error: 'refused' });
    });

    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
  });
});
