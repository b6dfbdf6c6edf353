import { parseArgs } from 'node:util';
import { Argon2PasswordHasher, createAccount } from '@accounts/adapters';
import { DROP_SERVICE, ENTERPRISE_TIER } from '@accounts/domain';
import { openCommandDatabase } from './open-command-database.js';
import { loadCliConfig } from '../../config/load-config.js';
import { UsageError, type CliCommand, type CliContext } from '../command.js';
import { readPassword } from '../read-password.js';
import { DATABASE_NOTE } from './notes.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 8;
/**
 * Tiers are compared exactly (the custom domain needs `enterprise`), so only lowercase names are
 * taken: `Enterprise` would be stored and never match.
 */
const TIER = /^[a-z0-9][a-z0-9-]{0,63}$/;

function checkTier(tier: string): string {
  if (TIER.test(tier)) return tier;
  const hint = TIER.test(tier.toLowerCase()) ? `; did you mean "${tier.toLowerCase()}"?` : '';
  throw new UsageError(
    `--tier must be lowercase letters, digits and "-" (e.g. ${ENTERPRISE_TIER}), got "${tier}"${hint}`,
  );
}

async function createUser(args: string[], io: CliContext) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'display-name': { type: 'string' },
      tier: { type: 'string' },
      'billing-customer-id': { type: 'string' },
      'billing-subscription-id': { type: 'string' },
    },
  });
  const { email } = values;
  if (!email || !EMAIL.test(email)) throw new UsageError('--email must be an email address');
  const tier = values.tier === undefined ? null : checkTier(values.tier);
  if (!tier && (values['billing-customer-id'] || values['billing-subscription-id'])) {
    throw new UsageError(
      '--billing-customer-id and --billing-subscription-id need --tier (they belong to the DROP entitlement)',
    );
  }
  const password = values.password ?? (await readPassword(io.stdin));
  if (!password) throw new UsageError('--password, standard input or the prompt must give the password');
  // Characters are code points: an emoji counts once.
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  const config = loadCliConfig(io.env);
  const passwordHash = await new Argon2PasswordHasher(config.argon2).hash(password);
  const { database } = await openCommandDatabase(io, config);
  try {
    const created = await createAccount(database.db, {
      email,
      displayName: values['display-name'] ?? '',
      passwordHash,
      ...(tier
        ? {
            entitlement: {
              service: DROP_SERVICE,
              tier,
              billingCustomerId: values['billing-customer-id'] ?? null,
              billingSubscriptionId: values['billing-subscription-id'] ?? null,
            },
          }
        : {}),
    });
    if (!created.ok) {
      throw new UsageError(
        `A user with the email ${email} already exists (emails are compared ignoring case)`,
      );
    }
    io.out(JSON.stringify({ id: created.value.id, email: created.value.email }));
  } finally {
    await database.close();
  }
}

export const usersCommands: readonly CliCommand[] = [
  {
    name: ['users', 'create'],
    synopsis:
      '--email E [--password P] [--display-name N] [--tier T]\n[--billing-customer-id C] [--billing-subscription-id S]',
    summary: 'Create a user (and, with --tier, its DROP entitlement); prints {"id":"...","email":"..."}.',
    details: [
      'Options:',
      '  --email E                    unique regardless of case',
      `  --password P                 at least ${MIN_PASSWORD_LENGTH} characters; without it, read from`,
      '                               standard input (one line) or asked for on the terminal',
      '  --display-name N             default: empty',
      '  --tier T                     the DROP tier: lowercase letters, digits and "-";',
      `                               "${ENTERPRISE_TIER}" allows a custom domain`,
      "  --billing-customer-id C      the billing provider's customer id (needs --tier)",
      "  --billing-subscription-id S  the billing provider's subscription id (needs --tier)",
      '',
      DATABASE_NOTE,
    ],
    run: createUser,
  },
];
