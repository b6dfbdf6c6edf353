import { sql, type Kysely } from 'kysely';

/**
 * What the provider's sign-outs need (decisions.md, "Meeting the identity provider").
 * `used_token_ids`: ids a token may carry once (a logout token's `jti`, a DPoP proof's), by scope,
 * kept until `expires_at` (an expired row may be used again at once; retention removes it).
 * `refused_sids`: the `sid`s the provider signed out, with its `sub` when given, read when a
 * session is first recorded; no foreign key (the service may never have seen the session or the
 * account). One row per `sid` and `sub`, its `refused_at` moved by a later logout. Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table used_token_ids (
    scope text not null,
    id text not null,
    expires_at timestamptz not null,
    primary key (scope, id)
  )`.execute(db);
  await sql`create index used_token_ids_expires_at_idx on used_token_ids (expires_at)`.execute(db);
  await sql`create table refused_sids (
    sid text not null,
    sub text,
    refused_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index refused_sids_sid_sub_idx on refused_sids (sid, coalesce(sub, ''))`.execute(
    db,
  );
  await sql`create index refused_sids_refused_at_idx on refused_sids (refused_at)`.execute(db);
}
