import { describe, expect, it } from 'vitest';
import type { Logger } from '@accounts/application';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { runBetterAuthExample } from '../../examples/better-auth-users.js';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(await testDatabaseTargets())('the Better Auth example on $label', ({ create }) => {
  it("checks passwords against Better Auth's scrypt hashes and changes the account state", async () => {
    const target = await create();
    const url = target.url;
    // The example opens its own database from the URL; the one made here only names it.
    try {
      const outcome = await runBetterAuthExample(url, quiet);
      expect(outcome.storedHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(outcome.wrongPassword).toEqual({ ok: false, error: { type: 'InvalidPassword' } });
      expect(outcome.disabled).toEqual({ ok: true, value: undefined });
      expect(outcome.gate).toEqual({ ok: false, error: { type: 'AccountDisabled' } });
      expect(outcome.enabled).toEqual({ ok: true, value: undefined });
    } finally {
      await target.close();
    }
  });
});
