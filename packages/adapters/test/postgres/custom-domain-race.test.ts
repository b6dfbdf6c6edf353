import { createPersistence } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { kyselySubject, openForSuite } from './contract-subjects.js';
import { aDropEntitlement } from '@accounts/application/testing';

const targets = await testDatabaseTargets();
const CLAIMS = 20;

describe.each(targets)('concurrent custom-domain claims: $label', (target) => {
  const database = openForSuite(target.create);

  it('lets exactly one of 20 users claim one domain, whatever its case', async () => {
    const subject = kyselySubject(database);
    const useCases = createUseCases({ ...createTestPorts(), ...createPersistence(database.db) });
    const users = [];
    for (let i = 0; i < CLAIMS; i++) {
      const user = await subject.addUser();
      await subject.addEntitlement(aDropEntitlement(user.id, { metadata: { plan: i } }));
      users.push(user);
    }

    const results = await Promise.all(
      users.map((user, i) =>
        useCases.connectCustomDomain.execute({
          userId: user.id,
          domain: i % 2 === 0 ? 'Race.Example.com' : 'race.example.COM',
        }),
      ),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error.type === 'DomainInUse')).toHaveLength(
      CLAIMS - 1,
    );
    const winner = users[results.findIndex((result) => result.ok)]!;
    const holders = await database.db
      .selectFrom('service_access')
      .select('user_id')
      .where((eb) =>
        eb(eb.fn('lower', [eb.ref('metadata', '->>').key('customDomain')]), '=', 'race.example.com'),
      )
      .execute();
    expect(holders).toEqual([{ user_id: winner.id }]);
    const audits = await database.db
      .selectFrom('audit_logs')
      .select('user_id')
      .where('event', '=', 'USER_UPDATE')
      .execute();
    expect(audits).toEqual([{ user_id: winner.id }]);
  });
});
