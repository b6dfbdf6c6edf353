import type { UseCases } from '@accounts/application';
import type { Result } from '@accounts/domain';
import { openDatabase, type DatabaseHandle } from '../postgres/database.js';
import { migrateToLatest } from '../postgres/migrate.js';
import { createAccount, type EmailTaken, type NewEntitlement } from '../postgres/seed.js';
import { createAccountPorts, type AccountPortsOptions } from './account-ports.js';
import { createAccountRuntime, type AccountRuntimeOptions } from './account-runtime.js';

export type CreateAccountsOptions = AccountPortsOptions &
  Omit<AccountRuntimeOptions, 'wrap'> & {
    /**
     * DATABASE_URL: `postgres://…` for PostgreSQL, `pglite://memory` for a throw-away embedded
     * database; unset: embedded PGlite persisted under `dataDir`.
     */
    databaseUrl?: string | null | undefined;
    /** Where the embedded database keeps its files without a URL; default `.data/pglite`. */
    dataDir?: string | undefined;
    /** DATABASE_STATEMENT_TIMEOUT_MS; default 5000. */
    statementTimeoutMs?: number;
    /** An open database to use instead of `databaseUrl`: migrated here, closed by `close()`. */
    database?: DatabaseHandle;
    /** Run the outbox worker and the domain re-check in this process; default true. */
    background?: boolean;
  };

export type NewAccountUser = {
  email: string;
  /** Hashed here with argon2id; null: an account without a password (checks always fail). */
  password: string | null;
  displayName?: string;
  /** E.g. `{ service: 'DROP', tier: 'enterprise' }` (the custom domain needs it). */
  entitlement?: Omit<NewEntitlement, 'userId'>;
};

export type Accounts = {
  /** Every use case: `accounts.useCases.disableAccount.execute({ userId, password })`. */
  useCases: UseCases;
  /** The migrated database (Kysely in `database.db`), for the host's own queries. */
  database: DatabaseHandle;
  /** Migrations this call applied. */
  migrationsApplied: string[];
  /** Adds a user to the `users` table (and its entitlement), its password hashed with argon2id. */
  createUser(user: NewAccountUser): Promise<Result<{ id: string; email: string }, EmailTaken>>;
  /** Stops the background work (letting attempts under way finish), then closes the database. */
  close(): Promise<void>;
};

/**
 * Ten lines to a working service: opens the database, migrates it, builds every port with the
 * defaults of docs/operations.md, starts the outbox worker and the re-check of pending custom
 * domains, and returns the use cases. Hosts that want their own ports call `createUseCases`.
 */
export async function createAccounts(options: CreateAccountsOptions): Promise<Accounts> {
  const database =
    options.database ??
    (await openDatabase(options.databaseUrl ?? undefined, {
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    }));
  let adapters: Awaited<ReturnType<typeof createAccountPorts>> | null = null;
  try {
    const migrationsApplied = await migrateToLatest(database.db);
    adapters = await createAccountPorts(database, options);
    const { ports, hasher } = adapters;
    const runtime = createAccountRuntime(ports, adapters.timeouts, options);
    if (options.background ?? true) runtime.start();
    const ownAdapters = adapters;
    let closing: Promise<void> | null = null;
    return {
      useCases: runtime.useCases,
      database,
      migrationsApplied,
      async createUser(user) {
        const { password, ...rest } = user;
        return createAccount(database.db, {
          ...rest,
          passwordHash: password === null ? null : await hasher.hash(password),
        });
      },
      close() {
        closing ??= (async () => {
          await runtime.domainRecheck.stop();
          await runtime.outboxWorker.stop();
          await ownAdapters.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await adapters?.close();
    await database.close();
    throw error;
  }
}
