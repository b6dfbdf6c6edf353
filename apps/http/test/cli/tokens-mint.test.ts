import { createDecoder } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { runCommand } from './run-command.js';

// `tokens mint` makes no token the service would refuse as invalid (decisions.md, "One token, one
// session"): exit 2 with the option named, nothing on stdout.
const env = { JWT_SECRET: 'a-secret-of-at-least-thirty-two-bytes-long' };
const mint = (...args: string[]) => runCommand(['tokens', 'mint', '--user-id', 'u-1', ...args], { env });

describe('tokens mint', () => {
  it.each([
    ['an expiry past 9999', ['--expires-in', '100000000d'], '--expires-in 100000000d ends after 9999'],
    ['a sid of 256 characters', ['--sid', 's'.repeat(256)], '--sid must be at most 255 characters'],
    ['a control character in the sid', ['--sid', 'a\u0001b'], 'without control characters'],
    ['DEL in the sid', ['--sid', 'a\u007f'], 'without control characters'],
  ])('refuses %s with exit 2', async (_name, args, message) => {
    const run = await mint(...args);
    expect(run).toMatchObject({ status: 2, stdout: '' });
    expect(run.stderr).toContain(message);
  });

  it('makes a token with a sid of 255 characters that expires before the end of 9999', async () => {
    const run = await mint('--sid', 's'.repeat(255), '--expires-in', '2900000d');
    expect(run.status).toBe(0);
    expect(createDecoder()(run.stdout.trim())).toMatchObject({ sub: 'u-1', sid: 's'.repeat(255) });
  });
});
