// Seeds a migrated database with a year of growth: GROWTH_USERS users (default 1,000,000) and
// GROWTH_AUDIT_RECORDS audit records (default 20,000,000) spread over the last 365 days, with
// generate_series in chunks (each one statement), then ANALYZE. Usage, on a migrated database:
//   DATABASE_URL=postgres://…/db node apps/http/bench/seed-growth.mjs
// Also imported by growth.mjs. The users' password hash is a placeholder: they never sign in.
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const CHUNK_USERS = 100_000;
const CHUNK_AUDIT = 1_000_000;

/** Seeds `users` users and `auditRecords` records on the database of `url`; returns the seconds it took. */
export async function seedGrowth(url, { users, auditRecords, log = () => undefined }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('set synchronous_commit = off');
    for (let from = 0; from < users; from += CHUNK_USERS) {
      const to = Math.min(users, from + CHUNK_USERS) - 1;
      await client.query(
        `insert into users (id, email, password_hash, created_at, updated_at)
         select 'growth-' || n, 'growth-' || n || '@example.com', 'placeholder',
                now() - (n % 365) * interval '1 day', now() - (n % 365) * interval '1 day'
         from generate_series($1::int, $2::int) as n`,
        [from, to],
      );
      log(`users ${to + 1}/${users}`);
    }
    for (let from = 0; from < auditRecords; from += CHUNK_AUDIT) {
      const to = Math.min(auditRecords, from + CHUNK_AUDIT) - 1;
      // Record n belongs to user n mod users, at a time spread evenly over the last year.
      await client.query(
        `insert into audit_logs (user_id, event, details, created_at)
         select 'growth-' || (n % $3::int), 'USER_UPDATE', '{"action":"seeded"}'::jsonb,
                now() - (($4::float8 - n) / $4::float8) * interval '365 days'
         from generate_series($1::int, $2::int) as n`,
        [from, to, users, auditRecords],
      );
      log(`audit records ${to + 1}/${auditRecords}`);
    }
    await client.query('analyze users');
    await client.query('analyze audit_logs');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('DATABASE_URL (a migrated database) is required\n');
    process.exit(2);
  }
  const users = Number(process.env.GROWTH_USERS ?? 1_000_000);
  const auditRecords = Number(process.env.GROWTH_AUDIT_RECORDS ?? 20_000_000);
  const seconds = await seedGrowth(url, {
    users,
    auditRecords,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify({ users, auditRecords, seconds: Math.round(seconds) })}\n`);
}
