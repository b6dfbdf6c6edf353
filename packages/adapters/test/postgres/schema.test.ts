import { createPersistence, createTransactionalPorts, migrateToLatest } from '@accounts/adapters';
import { CLEAN_FAILURE_STATE } from '@accounts/domain';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, openForSuite } from './contract-subjects.js';

const targets = await testDatabaseTargets();

/** Column names as written in a schema document: one line, separated by spaces. */
const columns = (names: string) => names.split(' ');

/**
 * operations.md's schema, plus what 002_hardening, 003_outbox, 004_account_page,
 * 007_auth_failures and 008_passkeys add. Written out here, not taken from the mappers, so that a column dropped
 * from a mapper and a migration alike still fails.
 */
const EXPECTED_COLUMNS = {
  users: columns(
    'id email display_name password_hash two_factor_enabled two_factor_secret disabled banned ' +
      'created_at updated_at two_factor_last_step failed_auth_count failed_auth_window_started_at ' +
      'auth_failures_version account_failures account_failures_since account_locked_until account_locks ' +
      'sessions_issued_before sessions_kept_id',
  ),
  service_access: columns('id user_id service tier billing_subscription_id billing_customer_id metadata'),
  audit_logs: ['id', 'user_id', 'event', 'details', 'created_at'],
  sessions: columns(
    'id user_id expires_at created_at key sid last_seen_at address user_agent revoked_at previous_seen_at',
  ),
  backup_codes: ['id', 'user_id', 'code_hash'],
  auth_failures: ['user_id', 'client', 'failures', 'since', 'locked_until', 'locks'],
  outbox: [
    'id',
    'seq',
    'kind',
    'user_id',
    'payload',
    'status',
    'attempts',
    'next_attempt_at',
    'last_error',
    'created_at',
    'done_at',
  ],
  domain_verifications: ['user_id', 'domain', 'token', 'status', 'connected_at', 'checked_at', 'verified_at'],
  server_keys: ['name', 'key', 'created_at'],
  passkeys: columns('id user_id credential_id public_key counter transports name created_at last_used_at'),
  passkey_challenges: ['id', 'user_id', 'ceremony', 'challenge', 'expires_at'],
  ssf_streams: columns(
    'id receiver delivery_method endpoint_url authorization_header events_requested events_delivered ' +
      'description status status_reason last_verification_at created_at updated_at',
  ),
  ssf_excluded_subjects: ['stream_id', 'user_id', 'created_at'],
  used_token_ids: ['scope', 'id', 'expires_at'],
  refused_sids: ['sid', 'sub', 'refused_at'],
};

describe.each(targets)('schema and migrations: $label', (target) => {
  const database = openForSuite(target.create);

  it('applies nothing on a second run', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('records every migration', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    expect(rows.map((row) => row.name)).toEqual(MIGRATION_NAMES);
  });

  it.each(Object.entries(EXPECTED_COLUMNS))('gives %s the documented columns', async (table, columns) => {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
    `.execute(database.db);
    expect(rows.map((row) => row.column_name).sort()).toEqual([...columns].sort());
  });

  it('types and constrains the users columns as documented', async () => {
    const { rows } = await sql<{ column_name: string; data_type: string; is_nullable: string }>`
      select column_name, data_type, is_nullable from information_schema.columns
      where table_schema = current_schema() and table_name = 'users'
    `.execute(database.db);
    const byName = Object.fromEntries(
      rows.map((row) => [row.column_name, `${row.data_type} ${row.is_nullable}`]),
    );
    expect(byName).toMatchObject({
      id: 'text NO',
      email: 'text NO',
      password_hash: 'text YES',
      two_factor_enabled: 'boolean NO',
      two_factor_secret: 'text YES',
      disabled: 'boolean NO',
      banned: 'boolean NO',
      created_at: 'timestamp with time zone NO',
      two_factor_last_step: 'bigint YES',
      failed_auth_count: 'integer NO',
      auth_failures_version: 'bigint NO',
      account_failures: 'integer NO',
      account_locked_until: 'timestamp with time zone YES',
      account_locks: 'integer NO',
    });
  });

  it('accepts rows with the documented columns alone', async () => {
    await sql`insert into users (id, email, display_name, password_hash, two_factor_enabled, two_factor_secret, disabled, banned)
              values ('raw-1', 'raw1@example.com', 'Raw', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', false, null, false, false)`.execute(
      database.db,
    );
    await sql`insert into users (id, email) values ('raw-2', 'raw2@example.com')`.execute(database.db);
    await sql`insert into service_access (user_id, service, tier, billing_subscription_id, billing_customer_id, metadata)
              values ('raw-1', 'DROP', 'enterprise', 'sub', 'cus', '{"customDomain":"raw.example.com"}')`.execute(
      database.db,
    );
    await sql`insert into audit_logs (user_id, event, details) values ('raw-1', 'USER_UPDATE', '{"field":"customDomain"}')`.execute(
      database.db,
    );
    await sql`insert into audit_logs (user_id, event) values ('raw-1', 'USER_UPDATE')`.execute(database.db);
    await sql`insert into sessions (id, user_id, expires_at) values ('s-1', 'raw-1', now() + interval '1 hour')`.execute(
      database.db,
    );

    const ports = createTransactionalPorts(database.db);
    // A session inserted with the operating contract's columns alone: the later columns' defaults.
    expect(await ports.sessions.listByUser('raw-1')).toEqual([
      expect.objectContaining({
        id: 's-1',
        key: null,
        sid: null,
        address: null,
        userAgent: null,
        revokedAt: null,
      }),
    ]);
    expect(await ports.sessions.findGate('raw-1', 'sid:none')).toEqual({
      flags: { disabled: false, banned: false },
      signOut: null,
      session: null,
    });
    expect(await ports.users.findById('raw-2')).toMatchObject({
      displayName: '',
      passwordHash: null,
      twoFactorEnabled: false,
      twoFactorLastStep: null,
      disabled: false,
      banned: false,
    });
    expect(await createPersistence(database.db).authFailures.find('raw-2', '127.0.0.1')).toEqual({
      version: 0,
      state: CLEAN_FAILURE_STATE,
    });
    expect(await ports.entitlements.findByService('raw-1', 'DROP')).toMatchObject({
      metadata: { customDomain: 'raw.example.com' },
    });
  });

  it('accepts outbox rows with the documented columns alone, with no foreign key to users', async () => {
    await sql`insert into outbox (id, kind, user_id, payload, status, attempts, next_attempt_at, last_error, created_at, done_at)
              values ('ob-1', 'webhook', 'no-such-user', '{}', 'pending', 0, now(), null, now(), null)`.execute(
      database.db,
    );
    await sql`insert into outbox (id, kind, user_id, payload) values ('ob-2', 'billing.cancel', 'no-such-user', '{}')`.execute(
      database.db,
    );
    const { rows } = await sql<{ id: string; status: string; attempts: number }>`
      select id, status, attempts from outbox where id in ('ob-1', 'ob-2') order by id
    `.execute(database.db);
    expect(rows).toEqual([
      { id: 'ob-1', status: 'pending', attempts: 0 },
      { id: 'ob-2', status: 'pending', attempts: 0 },
    ]);
    await expect(
      sql`insert into outbox (id, kind, user_id, payload, status) values ('ob-3', 'webhook', 'u', '{}', 'lost')`.execute(
        database.db,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('rejects a second entitlement for the same user and service', async () => {
    await sql`insert into users (id, email) values ('dup-1', 'dup1@example.com')`.execute(database.db);
    await sql`insert into service_access (user_id, service, tier) values ('dup-1', 'DROP', 'free')`.execute(
      database.db,
    );
    await expect(
      sql`insert into service_access (user_id, service, tier) values ('dup-1', 'DROP', 'pro')`.execute(
        database.db,
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('removes sessions with their user', async () => {
    await sql`insert into users (id, email) values ('gone-1', 'gone1@example.com')`.execute(database.db);
    await sql`insert into sessions (id, user_id, expires_at) values ('s-gone', 'gone-1', now())`.execute(
      database.db,
    );
    await createTransactionalPorts(database.db).users.delete('gone-1');
    const { rows } = await sql<{ id: string }>`select id from sessions where user_id = 'gone-1'`.execute(
      database.db,
    );
    expect(rows).toEqual([]);
  });

  it('bumps updated_at on writes', async () => {
    await sql`insert into users (id, email, updated_at) values ('old-1', 'old1@example.com', '2020-01-01T00:00:00Z')`.execute(
      database.db,
    );
    await createTransactionalPorts(database.db).users.changeFlags('old-1', {
      from: {},
      to: { disabled: true },
    });
    const row = await database.db
      .selectFrom('users')
      .select('updated_at')
      .where('id', '=', 'old-1')
      .executeTakeFirstOrThrow();
    expect(row.updated_at.getTime()).toBeGreaterThan(new Date('2020-01-02T00:00:00Z').getTime());
  });

  it('stores only hashes of backup codes', async () => {
    await sql`insert into users (id, email) values ('codes-1', 'codes1@example.com')`.execute(database.db);
    const codes = ['aaaaabbbbb', 'cccccddddd'];
    await createTransactionalPorts(database.db).backupCodes.replace('codes-1', codes);
    const rows = await database.db
      .selectFrom('backup_codes')
      .selectAll()
      .where('user_id', '=', 'codes-1')
      .execute();
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    for (const code of codes) expect(stored).not.toContain(code);
    for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
