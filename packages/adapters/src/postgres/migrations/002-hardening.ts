import type { Kysely } from 'kysely';

/** Single-use TOTP steps, failure limits and backup codes (docs/decisions.md, "Hardening"). Forward-only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_last_step', 'bigint')
    .addColumn('failed_auth_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_auth_window_started_at', 'timestamptz')
    .execute();

  // unique (user_id, code_hash) also serves the cascade from users.
  await db.schema
    .createTable('backup_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addUniqueConstraint('backup_codes_user_id_code_hash_key', ['user_id', 'code_hash'])
    .execute();
}
