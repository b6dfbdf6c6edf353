import { sql, type Kysely } from 'kysely';

/**
 * Passkeys and their WebAuthn challenges (decisions.md, "Passkeys"). Challenges are kept in the
 * database, so that options fetched from one instance verify on another. Both go with their user.
 * Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`counter >= 0`),
    )
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  // The list of one user's passkeys, oldest first, and the cascade from users.
  await db.schema
    .createIndex('passkeys_user_id_created_at_idx')
    .on('passkeys')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ceremony', 'text', (c) =>
      c.notNull().check(sql`ceremony in ('registration', 'authentication')`),
    )
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_user_id_ceremony_idx')
    .on('passkey_challenges')
    .columns(['user_id', 'ceremony'])
    .execute();
}
