// Lives here because the clock adapter has no test folder of its own.
import { describe, expect, it } from 'vitest';
import { SystemClock } from '@accounts/adapters';

describe('SystemClock', () => {
  it('tells the current time', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
