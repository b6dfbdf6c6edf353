import { parseArgs } from 'node:util';
import { loadOrCreateDevJwtSecret } from '@accounts/adapters';
import { isSessionIdClaim, SESSION_ID_CLAIM_MAX_LENGTH, TIME_CLAIM_MAX } from '@accounts/domain';
import { loadCliConfig } from '../../config/load-config.js';
import { mintToken, parseDuration } from '../../tokens.js';
import { UsageError, type CliCommand, type CliContext } from '../command.js';
import { SIGNING_NOTE } from './notes.js';

async function mint(args: string[], io: CliContext) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'user-id': { type: 'string' },
      'expires-in': { type: 'string', default: '1h' },
      scope: { type: 'string' },
      sid: { type: 'string' },
    },
  });
  if (!values['user-id']) throw new UsageError('--user-id is required');
  if (values.scope !== undefined && !values.scope.trim()) throw new UsageError('--scope must not be empty');
  if (values.sid !== undefined && !values.sid) throw new UsageError('--sid must not be empty');
  // The service refuses such a token as invalid (decisions.md, "One token, one session"): none is made.
  if (values.sid !== undefined && !isSessionIdClaim(values.sid)) {
    throw new UsageError(
      `--sid must be at most ${SESSION_ID_CLAIM_MAX_LENGTH} characters, without control characters`,
    );
  }
  const expiresInSeconds = parseDuration(values['expires-in']);
  if (expiresInSeconds === null) {
    throw new UsageError(
      `--expires-in must be a duration like 90s, 15m, 1h or 7d, got "${values['expires-in']}"`,
    );
  }
  const now = new Date();
  if (Math.floor(now.getTime() / 1000) + expiresInSeconds > TIME_CLAIM_MAX) {
    throw new UsageError(
      `--expires-in ${values['expires-in']} ends after 9999-12-31T23:59:59Z, the latest expiry a token may have`,
    );
  }
  const config = loadCliConfig(io.env);
  if (config.jwt.keySet) {
    throw new UsageError(
      'tokens come from the identity provider (OIDC_ISSUER or JWT_JWKS_URL is set): tokens mint signs only with JWT_SECRET',
    );
  }
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
      scope: values.scope ?? null,
      sid: values.sid ?? null,
      now,
    }),
  );
}

export const tokensCommands: readonly CliCommand[] = [
  {
    name: ['tokens', 'mint'],
    synopsis: '--user-id ID [--expires-in 1h] [--scope S] [--sid S]',
    summary: 'Print a signed token for the user (durations: 90s, 15m, 1h, 7d).',
    details: [
      'Options:',
      "  --user-id ID      the token's subject (`sub`): the user id",
      '  --expires-in D    how long it is valid (default 1h)',
      '  --scope S         its `scope` claim, space-separated; an operator token: --scope "accounts:admin"',
      '                    (ADMIN_SCOPE)',
      "  --sid S           its `sid` claim, the identity provider's session id (to try sessions)",
      '',
      SIGNING_NOTE,
    ],
    run: mint,
  },
];
