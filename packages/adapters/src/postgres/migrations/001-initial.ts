import { sql, type Kysely } from 'kysely';

/** The unique index behind DomainInUse: one DROP custom domain per name, compared case-insensitively. */
export const CUSTOM_DOMAIN_INDEX = 'service_access_drop_custom_domain_key';

/** The schema of operations.md. Forward-only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('two_factor_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('two_factor_secret', 'text')
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('banned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // unique (user_id, service) also serves the cascade from users.
  await db.schema
    .createTable('service_access')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('billing_subscription_id', 'text')
    .addColumn('billing_customer_id', 'text')
    .addColumn('metadata', 'jsonb')
    .addUniqueConstraint('service_access_user_id_service_key', ['user_id', 'service'])
    .execute();

  // Only string values take part, as in the application's own comparison.
  await sql`
    create unique index ${sql.id(CUSTOM_DOMAIN_INDEX)} on service_access (lower(metadata ->> 'customDomain'))
    where service = 'DROP' and jsonb_typeof(metadata -> 'customDomain') = 'string'
  `.execute(db);

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_logs_user_id_idx').on('audit_logs').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
}
