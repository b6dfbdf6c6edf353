import { sql, type Kysely } from 'kysely';

/** The session a token belongs to, found by its key (decisions.md, "Sessions and sign-out everywhere"). */
export const SESSION_KEY_INDEX = 'sessions_user_id_key_idx';

/**
 * What "Sessions and sign-out everywhere" records. `sessions` gets the session's key (`sid:…`,
 * `jti:…` or `sha256:…` of the token, never the token), its `sid`, when it was last seen and
 * from where, and when it was revoked; every new column has a default, and `id` now has one too,
 * so a row can still be inserted with `id` (or not), `user_id` and `expires_at` alone. `users`
 * gets the account's sign-out moment: tokens issued before `sessions_issued_before` are refused,
 * except those of `sessions_kept_id` (the session revoke-others kept). Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions
    alter column id set default gen_random_uuid()::text,
    add column key text,
    add column sid text,
    add column last_seen_at timestamptz not null default now(),
    add column address text,
    add column user_agent text,
    add column revoked_at timestamptz`.execute(db);
  // The gate's lookup (user and key), unique so that two first uses of a session record one row.
  await sql`create unique index ${sql.id(SESSION_KEY_INDEX)} on sessions (user_id, key)`.execute(db);
  // Retention's two batches: unrevoked sessions by expiry, revoked ones by revocation.
  await sql`create index sessions_expires_at_idx on sessions (expires_at) where revoked_at is null`.execute(
    db,
  );
  await sql`create index sessions_revoked_at_idx on sessions (revoked_at) where revoked_at is not null`.execute(
    db,
  );
  await sql`alter table users
    add column sessions_issued_before timestamptz,
    add column sessions_kept_id text`.execute(db);
}
