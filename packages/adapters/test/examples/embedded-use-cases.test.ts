import { describe, expect, it } from 'vitest';
import type { Logger } from '@accounts/application';
import { runEmbeddedExample } from '../../examples/embedded-use-cases.js';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the embedding example of the README', () => {
  it('runs the use cases without HTTP and gets the contract answers', async () => {
    const outcome = await runEmbeddedExample('pglite://memory', quiet);

    expect(outcome.connected).toEqual({ ok: true, value: { domain: 'files.example.com' } });
    expect(outcome.domain).toEqual({
      ok: true,
      value: { customDomain: 'files.example.com', customDomainVerified: false, hasCustomDomain: true },
    });
    expect(outcome.wrongPassword).toEqual({ ok: false, error: { type: 'InvalidPassword' } });
    expect(outcome.disabled).toEqual({ ok: true, value: undefined });
    expect(outcome.gate).toEqual({ ok: false, error: { type: 'AccountDisabled' } });
  });
});
