import { sql, type Kysely } from 'kysely';

/**
 * The SSF transmitter's streams (decisions.md, "Security events for receivers"): one per receiver
 * (`receiver` unique: a second create is a 409), its delivery, the events it asked for and gets,
 * its status, and when it last asked for a verification. `ssf_excluded_subjects` holds the users
 * a receiver removed from its stream (default_subjects ALL: every other user is in it); a stream's
 * rows go with it. Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table ssf_streams (
    id text primary key,
    receiver text not null unique,
    delivery_method text not null,
    endpoint_url text not null,
    authorization_header text,
    events_requested jsonb,
    events_delivered jsonb not null,
    description text,
    status text not null default 'enabled',
    status_reason text,
    last_verification_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table ssf_excluded_subjects (
    stream_id text not null references ssf_streams (id) on delete cascade,
    user_id text not null,
    created_at timestamptz not null default now(),
    primary key (stream_id, user_id)
  )`.execute(db);
}
