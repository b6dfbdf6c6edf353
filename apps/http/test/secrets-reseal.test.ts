import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSecretCipher, migrateToLatest, openDatabase, type Database } from '@accounts/adapters';
import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `pnpm cli secrets reseal` (operations.md): every stored TOTP secret sealed with the current key,
// `{"resealed": N}` printed; run as the compiled bin against the embedded database and PostgreSQL.
const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(ROOT, 'apps/http/dist/cli.js');
const OLD_KEY = Buffer.alloc(32, 11).toString('base64');
const NEW_KEY = Buffer.alloc(32, 12).toString('base64');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const keyId = (key: string) =>
  createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);

/** Where the CLI finds the database, and a way for the test to look at it in between. */
type Store = {
  env: Record<string, string>;
  cwd: string;
  use<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** The embedded database in a directory of its own; the test opens it only while the CLI is not running. */
function embeddedStore(): Store {
  const cwd = mkdtempSync(join(tmpdir(), 'accounts-reseal-'));
  const dataDir = join(cwd, '.data/pglite');
  const use = async <T>(work: (db: Kysely<Database>) => Promise<T>) => {
    const database = await openDatabase(undefined, { dataDir });
    try {
      await migrateToLatest(database.db);
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  return {
    env: {},
    cwd,
    use,
    close: () => {
      rmSync(cwd, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

const targets = (await testDatabaseTargets()).map((target) => ({
  label: target.label === 'pglite' ? 'the embedded database' : target.label,
  open: async (): Promise<Store> => {
    if (target.label === 'pglite') return embeddedStore();
    const database = await target.create();
    return {
      env: { DATABASE_URL: database.url },
      cwd: tmpdir(),
      use: (work) => work(database.db),
      close: () => database.close(),
    };
  },
}));

beforeAll(() => {
  execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-b', 'apps/http/tsconfig.json'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
}, 120_000);

describe.each(targets)('accounts secrets reseal on $label', ({ open }) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, 120_000);
  afterAll(() => store.close());

  const reseal = (env: Record<string, string>) =>
    spawnSync(process.execPath, [CLI, 'secrets', 'reseal'], {
      cwd: store.cwd,
      env: { PATH: process.env.PATH ?? '', ...store.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
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

    const first = reseal(rotated);
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
    expect(reseal({ TOTP_ENCRYPTION_KEY: NEW_KEY }).stdout).toBe('{"resealed":0}\n');
  }, 120_000);

  it('leaves a secret no configured key opens, names its user (never the secret) and exits 1', async () => {
    const lost = Buffer.alloc(32, 13).toString('base64');
    const { id, value } = await store.use(async (db) => {
      const user = await seedUser(db, { twoFactorEnabled: true });
      const value = createSecretCipher({ key: lost }).seal(user.id, SECRET);
      await db.updateTable('users').set({ two_factor_secret: value }).where('id', '=', user.id).execute();
      return { id: user.id, value };
    });

    const result = reseal(rotated);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('{"resealed":0}\n');
    expect(result.stderr).toContain(id);
    expect(result.stderr).not.toContain(SECRET);
    expect(result.stderr).not.toContain(value);
    expect(await stored(id)).toBe(value);
    await store.use((db) => db.deleteFrom('users').where('id', '=', id).execute());
  }, 120_000);

  it('refuses to run without TOTP_ENCRYPTION_KEY, naming it', () => {
    const result = reseal({});
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('TOTP_ENCRYPTION_KEY');
  });
});
