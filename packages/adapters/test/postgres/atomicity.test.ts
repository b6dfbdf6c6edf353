import { createPersistence } from '@accounts/adapters';
import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { createUseCases } from '@accounts/application';
import { aDropEntitlement, createTestPorts } from '@accounts/application/testing';
import { ok } from '@accounts/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kyselySubject, OPEN_TIMEOUT_MS, type ContractSubject } from './contract-subjects.js';

const targets = await testDatabaseTargets();

describe.each(targets)('a state change and its audit record commit together: $label', (target) => {
  let database: TestDatabase;
  let subject: ContractSubject;
  beforeAll(async () => {
    database = await target.create();
    subject = kyselySubject(database);
    await sql`
      create function refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by test trigger'; end $$
    `.execute(database.db);
  }, OPEN_TIMEOUT_MS);
  afterAll(() => database.close(), OPEN_TIMEOUT_MS);
  afterEach(async () => {
    await sql`drop trigger if exists refuse_audit on audit_logs`.execute(database.db);
    await sql`drop trigger if exists refuse_flags on users`.execute(database.db);
  });

  const refuseAuditRecords = () =>
    sql`create trigger refuse_audit before insert on audit_logs for each row execute function refuse()`.execute(
      database.db,
    );
  const refuseFlagChanges = () =>
    sql`create trigger refuse_flags before update of disabled, banned on users for each row execute function refuse()`.execute(
      database.db,
    );

  const useCases = () => createUseCases({ ...createTestPorts(), ...createPersistence(database.db) });

  it('keeps the metadata when the audit record of a domain claim fails', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(user.id, { metadata: { plan: 'x' } }));
    await refuseAuditRecords();

    await expect(
      useCases().connectCustomDomain.execute({ userId: user.id, domain: 'atomic.example.com' }),
    ).rejects.toThrow();

    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({
      plan: 'x',
    });
  });

  it('keeps the flags when the audit record written after them fails', async () => {
    const user = await subject.addUser();
    await refuseAuditRecords();

    const run = subject.ports.unitOfWork.run(async (tx) => {
      await tx.users.changeFlags(user.id, { from: {}, to: { disabled: true, banned: true } });
      await tx.auditLog.append({ userId: user.id, event: 'USER_BAN', details: { email: user.email } });
      return ok();
    });

    await expect(run).rejects.toThrow();
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: false, banned: false });
  });

  it('leaves no audit record when the flag change of a disable fails', async () => {
    const user = await subject.addUser({ passwordHash: 'fake-hash:correct horse' });
    await refuseFlagChanges();

    await expect(
      useCases().disableAccount.execute({ userId: user.id, password: 'correct horse' }),
    ).rejects.toThrow();

    expect(await subject.auditOf(user.id)).toEqual([]);
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: false, banned: false });
  });
});
