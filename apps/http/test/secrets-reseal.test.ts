import { createHash } from 'node:crypto';
import { createSecretCipher, type Database } from '@accounts/adapters';
import { seedUser, testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './cli/run-command.js';

// `pnpm cli secrets reseal` (operations.md): every stored TOTP secret sealed with the current key,
// `{"resealed": N}` printed; the command run in-process (runCli) on each test database.
const OLD_KEY = Buffer.alloc(32, 11).toString('base64');
const NEW_KEY = Buffer.alloc(32, 12).toString('base64');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const keyId = (key: string) =>
  createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);

const targets = await testDatabaseTargets();

describe.each(targets)('accounts secrets reseal on $label', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
  }, 120_000);
  afterAll(() => database.close());

  const store = { use: <T>(work: (db: Kysely<Database>) => Promise<T>) => work(database.db) };
  const reseal = (env: Record<string, string>) => runCommand(['secrets', 'reseal'], { env, database });
  const rotated = { TOTP_ENCRYPTION_KEY: NEW_KEY, TOTP_ENCRYPTION_KEYS: OLD_KEY };
  const stored = (id: string) =>
    store.use(
      async (db) =>
        (
          await db
            .selectFrom('users')
            .select('two_factor_secret')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).two_factor_secret,
    );

  it('seals every secret under the new key, old-key and bare ones alike, and prints how many it changed', async () => {
    const { oldKeyed, bare, current, currentValue, none } = await store.use(async (db) => {
      const oldKeyed = await seedUser(db, { twoFactorEnabled: true });
      const bare = await seedUser(db, { twoFactorEnabled: true, twoFactorSecret: SECRET });
      const current = await seedUser(db, { twoFactorEnabled: true });
      const none = await seedUser(db);
      const currentValue = createSecretCipher({ key: NEW_KEY }).seal(current.id, SECRET);
      await db
        .updateTable('users')
        .set({ two_factor_secret: createSecretCipher({ key: OLD_KEY }).seal(oldKeyed.id, SECRET) })
        .where('id', '=', oldKeyed.id)
        .execute();
      await db
        .updateTable('users')
        .set({ two_factor_secret: currentValue })
        .where('id', '=', current.id)
        .execute();
      return { oldKeyed, bare, current, currentValue, none };
    });

    const first = await reseal(rotated);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('{"resealed":2}\n');

    const newKeyOnly = createSecretCipher({ key: NEW_KEY });
    for (const user of [oldKeyed, bare]) {
      const value = (await stored(user.id)) ?? '';
      expect(value.startsWith(`v1.${keyId(NEW_KEY)}.`)).toBe(true);
      expect(newKeyOnly.open(user.id, value)).toBe(SECRET);
    }
    expect(await stored(current.id)).toBe(currentValue);
    expect(await stored(none.id)).toBeNull();

    // Nothing is left to do, and the old key is no longer needed.
    expect((await reseal({ TOTP_ENCRYPTION_KEY: NEW_KEY })).stdout).toBe('{"resealed":0}\n');
  }, 120_000);

  it('leaves a secret no configured key opens, names its user (never the secret) and exits 1', async () => {
    const lost = Buffer.alloc(32, 13).toString('base64');
    const { id, value } = await store.use(async (db) => {
      const user = await seedUser(db, { twoFactorEnabled: true });
      const value = createSecretCipher({ key: lost }).seal(user.id, SECRET);
      await db.updateTable('users').set({ two_factor_secret: value }).where('id', '=', user.id).execute();
      return { id: user.id, value };
    });

    const result = await reseal(rotated);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('{"resealed":0}\n');
    expect(result.stderr).toContain(id);
    expect(result.stderr).not.toContain(SECRET);
    expect(result.stderr).not.toContain(value);
    expect(await stored(id)).toBe(value);
    await store.use((db) => db.deleteFrom('users').where('id', '=', id).execute());
  }, 120_000);

  it('refuses to run without TOTP_ENCRYPTION_KEY, naming it', async () => {
    const result = await reseal({});
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('TOTP_ENCRYPTION_KEY');
  });
});
