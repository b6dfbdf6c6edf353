// Bring your own users: the account use cases over Better Auth's `user` and `account` tables
// (created by Better Auth's own migrations) and its scrypt password hashes.
import {
  createUseCases,
  type Logger,
  type PasswordHasher,
  type UserAccount,
  type UserRepository,
} from '@accounts/application';
import {
  createAccountPorts,
  insertUser,
  migrateToLatest,
  openDatabase,
  type Database,
} from '@accounts/adapters';
import { betterAuth } from 'better-auth';
import { verifyPassword } from 'better-auth/crypto';
import { getMigrations } from 'better-auth/db/migration';
import { sql, type Kysely } from 'kysely';

/** Checks Better Auth's scrypt hashes (`salt:key`, hex) with Better Auth's own function. */
class BetterAuthPasswordHasher implements PasswordHasher {
  hash(): Promise<string> {
    // Passwords are set through Better Auth (sign-up, reset); the use cases never set one.
    return Promise.reject(new Error('Passwords are Better Auth’s to set'));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return verifyPassword({ hash, password });
  }
}

/**
 * The user as the use cases see it: the password hash and email from Better Auth's tables, the
 * rest (flags, 2FA state) from this package's `users` row of the same id.
 */
function betterAuthUsers(db: Kysely<Database>, own: UserRepository): UserRepository {
  async function withBetterAuthFields(stored: UserAccount | null): Promise<UserAccount | null> {
    if (!stored) return null;
    const { rows } = await sql<{ email: string; name: string; password: string | null }>`
      select u.email, u.name, a.password
      from "user" u left join account a on a."userId" = u.id and a."providerId" = 'credential'
      where u.id = ${stored.id}`.execute(db);
    const external = rows[0];
    if (!external) return null;
    return { ...stored, email: external.email, displayName: external.name, passwordHash: external.password };
  }

  return {
    findFlags: (id) => own.findFlags(id),
    setTwoFactor: (id, state) => own.setTwoFactor(id, state),
    enableTwoFactor: (id, secret) => own.enableTwoFactor(id, secret),
    replaceTwoFactorSecret: (id, current, next) => own.replaceTwoFactorSecret(id, current, next),
    findTwoFactorSecrets: (page) => own.findTwoFactorSecrets(page),
    changeFlags: (id, change) => own.changeFlags(id, change),
    consumeTotpStep: (id, step) => own.consumeTotpStep(id, step),
    delete: (id) => own.delete(id),
    lock: (id) => own.lock(id),
    findById: async (id) => withBetterAuthFields(await own.findById(id)),
    // The failure counts stay in this package's tables; the user is Better Auth's, as findById's.
    async findWithFailureCounts(id, client) {
      const found = await own.findWithFailureCounts(id, client);
      const user = await withBetterAuthFields(found?.user ?? null);
      return found && user ? { user, failures: found.failures } : null;
    },
  };
}

export async function runBetterAuthExample(databaseUrl = 'pglite://memory', logger?: Logger) {
  const database = await openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    // Better Auth on the same database, its tables made by its own migrations.
    const auth = betterAuth({
      database: { db: database.db, type: 'postgres' },
      emailAndPassword: { enabled: true },
      secret: 'a Better Auth secret of at least thirty-two characters',
      baseURL: 'http://localhost:3000',
    });
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();

    // A user signs up with Better Auth: its `user` row and a `credential` account with a scrypt hash.
    const password = 'correct horse battery staple';
    const signedUp = await auth.api.signUpEmail({
      body: { email: 'ann@example.com', password, name: 'Ann' },
    });
    // The host's one mapping step: this package's row for that id (no password of its own).
    await insertUser(database.db, { id: signedUp.user.id, email: signedUp.user.email, passwordHash: null });

    const adapters = await createAccountPorts(database, {
      totp: { issuer: 'My Product' },
      ...(logger ? { logger } : {}),
    });
    try {
      const useCases = createUseCases({
        ...adapters.ports,
        users: betterAuthUsers(database.db, adapters.ports.users),
        hasher: new BetterAuthPasswordHasher(),
      });
      const userId = signedUp.user.id;
      const storedHash = await sql<{ password: string }>`
        select password from account where "userId" = ${userId}`.execute(database.db);
      const wrongPassword = await useCases.disableAccount.execute({ userId, password: 'guess' });
      const disabled = await useCases.disableAccount.execute({ userId, password });
      const gate = await useCases.authorizeAccount.execute({ userId, operation: 'get-custom-domain' });
      const enabled = await useCases.enableAccount.execute({ userId, password });
      return { storedHash: storedHash.rows[0]?.password ?? null, wrongPassword, disabled, gate, enabled };
    } finally {
      await adapters.close();
    }
  } finally {
    await database.close();
  }
}
