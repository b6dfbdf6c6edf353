import { createSecretCipher, KyselyUserRepository } from '@accounts/adapters';
import { ResealTwoFactorSecrets, type Logger } from '@accounts/application';
import { openCommandDatabase } from './open-command-database.js';
import { ConfigError } from '../../config/config-error.js';
import { loadCliConfig } from '../../config/load-config.js';
import { UsageError, type CliCommand, type CliContext } from '../command.js';
import { DATABASE_NOTE } from './notes.js';

/** The command prints its own summary; nothing else goes to stdout. */
const QUIET: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Shown in an error: enough ids to find the rows, never a secret. */
const SHOWN_USERS = 20;

async function resealSecrets(args: string[], io: CliContext) {
  if (args.length > 0) throw new UsageError(`takes no arguments, got "${args.join(' ')}"`);
  const config = loadCliConfig(io.env);
  const { key, oldKeys } = config.totpEncryption;
  if (!key) {
    throw new ConfigError('TOTP_ENCRYPTION_KEY', 'must be set: it is the key every secret is sealed with');
  }
  const secrets = createSecretCipher({ key, oldKeys });
  const { database } = await openCommandDatabase(io, config);
  let summary;
  try {
    summary = await new ResealTwoFactorSecrets({
      users: new KyselyUserRepository(database.db),
      secrets,
      logger: QUIET,
    }).execute();
  } finally {
    await database.close();
  }
  io.out(JSON.stringify({ resealed: summary.resealed }));
  const { unreadable } = summary;
  if (unreadable.length > 0) {
    const shown = unreadable.slice(0, SHOWN_USERS).join(', ');
    const more = unreadable.length > SHOWN_USERS ? ` and ${unreadable.length - SHOWN_USERS} more` : '';
    throw new Error(
      `${unreadable.length} stored secret(s) could not be opened with TOTP_ENCRYPTION_KEY or ` +
        `TOTP_ENCRYPTION_KEYS and were left as they are (users ${shown}${more})`,
    );
  }
}

export const secretsCommands: readonly CliCommand[] = [
  {
    name: ['secrets', 'reseal'],
    synopsis: '',
    summary: 'Seal every stored TOTP secret with the current key; prints {"resealed":N}.',
    details: [
      'Opens each secret with TOTP_ENCRYPTION_KEY or one of TOTP_ENCRYPTION_KEYS and seals it again',
      'with TOTP_ENCRYPTION_KEY, also secrets stored bare before a key was set. Secrets already sealed',
      'with the current key are left alone. Afterwards the keys in TOTP_ENCRYPTION_KEYS can be retired.',
      'A secret no configured key opens is left as it is; the command then names its user and exits 1.',
      '',
      DATABASE_NOTE,
    ],
    run: resealSecrets,
  },
];
