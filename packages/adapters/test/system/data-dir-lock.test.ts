import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseLockedError, openDatabase } from '@accounts/adapters';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/postgres/data-dir-lock.js';
import { OPEN_TIMEOUT_MS } from '../postgres/contract-subjects.js';

const parent = mkdtempSync(join(tmpdir(), 'accounts-lock-'));
let count = 0;
const freshDir = () => join(parent, `pglite-${++count}`);

afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** The id of a process that has ended (and so holds nothing). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  it('refuses a second holder in the same process, naming the directory, the holder and the way out', () => {
    const dataDir = freshDir();
    const lock = lockDataDir(dataDir);
    try {
      const error = (() => {
        try {
          lockDataDir(dataDir);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(DatabaseLockedError);
      const message = (error as Error).message;
      expect(message).toContain(dataDir);
      expect(message).toContain(`process ${process.pid}`);
      expect(message).toContain('Stop that process (the server)');
      expect(message).toContain('DATABASE_URL');
    } finally {
      lock.release();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('refuses while another live process holds the lock', async () => {
    const dataDir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      writeFileSync(`${dataDir}.lock`, `${other.pid}\n`);
      expect(() => lockDataDir(dataDir)).toThrow(`in use by process ${other.pid}`);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(`${other.pid}\n`);
    } finally {
      other.kill();
    }
  });

  it.each([
    ['a process that no longer exists', () => `${deadPid()}\n`],
    ['no process id', () => ''],
  ])('takes over a lock left by %s, and releases only its own', (_label, content) => {
    const dataDir = freshDir();
    const lockFile = `${dataDir}.lock`;
    writeFileSync(lockFile, content());
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);

    const again = lockDataDir(dataDir);
    writeFileSync(lockFile, '1\n'); // someone else's now: a release must leave it
    again.release();
    expect(readFileSync(lockFile, 'utf8')).toBe('1\n');
  });
});

describe('openDatabase on an embedded directory', () => {
  it(
    'refuses a directory another handle holds, and opens it once that one is closed',
    async () => {
      const dataDir = freshDir();
      const first = await openDatabase(undefined, { dataDir });
      try {
        await expect(openDatabase(undefined, { dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
      } finally {
        await first.close();
      }
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
      const second = await openDatabase(undefined, { dataDir });
      await second.close();
    },
    OPEN_TIMEOUT_MS,
  );
});
