import { describe, expect, it } from 'vitest';
import { setUp, type TestContext } from './support.js';

// decisions.md, Authentication: a token whose user no longer exists passes the gate, and every
// use case behind a user route then answers UserNotFound, the reads included.
const CALLS: [string, (t: TestContext) => Promise<unknown>][] = [
  ['getCustomDomain', (t) => t.useCases.getCustomDomain.execute({ userId: 'nobody' })],
  [
    'connectCustomDomain',
    (t) => t.useCases.connectCustomDomain.execute({ userId: 'nobody', domain: 'files.example.com' }),
  ],
  ['disconnectCustomDomain', (t) => t.useCases.disconnectCustomDomain.execute({ userId: 'nobody' })],
  ['getDomainVerification', (t) => t.useCases.getDomainVerification.execute({ userId: 'nobody' })],
  ['verifyCustomDomain', (t) => t.useCases.verifyCustomDomain.execute({ userId: 'nobody' })],
  ['listSecurityEvents', (t) => t.useCases.listSecurityEvents.execute({ userId: 'nobody' })],
  ['openBillingPortal', (t) => t.useCases.openBillingPortal.execute({ userId: 'nobody' })],
];

describe('a user that does not exist', () => {
  it.each(CALLS)('%s answers UserNotFound and writes nothing', async (_name, call) => {
    const t = setUp();
    const entitlements = structuredClone(t.db.entitlements);
    expect(await call(t)).toEqual({ ok: false, error: { type: 'UserNotFound' } });
    expect(t.db.entitlements).toEqual(entitlements);
    expect(t.db.auditRecords).toEqual([]);
    expect(t.ports.billing.customerLookups).toEqual([]);
  });
});
