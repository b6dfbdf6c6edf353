// A database of its own for one bench run, on the PostgreSQL server of DATABASE_URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(connectionString, sql, values = []) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** Creates an empty database named bench_<random> beside the server's default one. */
export async function createBenchDatabase(serverUrl) {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await run(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    query: (sql, values) => run(url.href, sql, values),
    drop: () => run(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The user every request but the 2FA status read is made as: a password hash, and a DROP
 * entitlement with a custom domain.
 */
export async function seedBenchUser(database, { userId, passwordHash }) {
  await database.query('insert into users (id, email, password_hash) values ($1, $2, $3)', [
    userId,
    `${userId}@example.com`,
    passwordHash,
  ]);
  await database.query(
    `insert into service_access (user_id, service, tier, metadata)
     values ($1, 'DROP', 'enterprise', '{"customDomain":"bench.example.com"}')`,
    [userId],
  );
}

/**
 * The user of the 2FA status read: 2FA on, with its ten backup codes (a user of its own, so that
 * the bench's 2FA set-ups, which need 2FA off, keep their user).
 */
export async function seedTwoFactorBenchUser(database, { userId, passwordHash }) {
  await database.query(
    `insert into users (id, email, password_hash, two_factor_enabled, two_factor_secret)
     values ($1, $2, $3, true, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')`,
    [userId, `${userId}@example.com`, passwordHash],
  );
  await database.query(
    `insert into backup_codes (user_id, code_hash) select $1, 'code-' || n from generate_series(1, 10) n`,
    [userId],
  );
}
