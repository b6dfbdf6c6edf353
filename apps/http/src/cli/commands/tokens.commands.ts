import { parseArgs } from 'node:util';
import { loadOrCreateDevJwtSecret } from '@accounts/adapters';
import { loadCliConfig } from '../../config/load-config.js';
import { mintToken, parseDuration } from '../../tokens.js';
import { UsageError, type CliCommand, type CliContext } from '../command.js';
import { SIGNING_NOTE } from './notes.js';

async function mint(args: string[], io: CliContext) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { 'user-id': { type: 'string' }, 'expires-in': { type: 'string', default: '1h' } },
  });
  if (!values['user-id']) throw new UsageError('--user-id is required');
  const expiresInSeconds = parseDuration(values['expires-in']);
  if (expiresInSeconds === null) {
    throw new UsageError(
      `--expires-in must be a duration like 90s, 15m, 1h or 7d, got "${values['expires-in']}"`,
    );
  }
  const config = loadCliConfig(io.env);
  const secret = config.jwt.secret ?? (config.devMode ? await loadOrCreateDevJwtSecret() : null);
  if (!secret) {
    throw new UsageError(
      "JWT_SECRET is not set: tokens mint signs HS256 tokens with it (without DATABASE_URL, dev mode uses the dev server's secret)",
    );
  }
  io.out(
    mintToken({
      secret,
      userId: values['user-id'],
      expiresInSeconds,
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
    }),
  );
}

export const tokensCommands: readonly CliCommand[] = [
  {
    name: ['tokens', 'mint'],
    synopsis: '--user-id ID [--expires-in 1h]',
    summary: 'Print a signed token for the user (durations: 90s, 15m, 1h, 7d).',
    details: [SIGNING_NOTE],
    run: mint,
  },
];
