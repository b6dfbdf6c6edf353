import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** Another live process holds the embedded database: opening it too would lose one side's writes. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly lockFile: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holderPid}. ` +
        'Stop that process (the server) first, or set DATABASE_URL to use a PostgreSQL server. ' +
        `(If process ${holderPid} does not use it, delete ${lockFile}.)`,
    );
    this.name = 'DatabaseLockedError';
  }
}

export type DataDirLock = { release(): void };

const MAX_ATTEMPTS = 5;

/** Lock files this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

/**
 * An exclusive lock on `dataDir`: the file `<dataDir>.lock` holding this process's id. It
 * appears whole (written aside, then hard-linked into place, which fails if it exists). A lock
 * whose process no longer exists is taken over; it is released on `release()` and on exit.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const lockFile = `${dataDir}.lock`;
  if (held.has(lockFile)) throw new DatabaseLockedError(dataDir, process.pid, lockFile);
  for (let attempt = 1; !tryCreate(lockFile); attempt++) {
    const holder = readHolder(lockFile);
    if (holder === undefined) continue; // released in between: try again
    if (isAlive(holder) || attempt >= MAX_ATTEMPTS) {
      throw new DatabaseLockedError(dataDir, holder ?? 0, lockFile);
    }
    removeStale(lockFile, holder);
  }
  held.add(lockFile);
  const releaseOnExit = () => removeIfOurs(lockFile);
  process.on('exit', releaseOnExit);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      process.off('exit', releaseOnExit);
      removeIfOurs(lockFile);
      held.delete(lockFile);
    },
  };
}

function tryCreate(lockFile: string): boolean {
  const aside = `${lockFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${process.pid}\n`, { flag: 'wx' });
  try {
    linkSync(aside, lockFile);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

/** The holder's pid; null when the file holds none; undefined when the file is gone. */
function readHolder(lockFile: string): number | null | undefined {
  let content: string;
  try {
    content = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  return /^\d+\n?$/.test(content) ? Number(content.trim()) : null;
}

/**
 * Our own pid in a lock this process does not hold is a previous run's (a restarted container
 * gets the same pid); a file without a pid was not written by this code.
 */
function isAlive(pid: number | null): boolean {
  if (pid === null || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Moves the stale file away (only one of several racing processes can), then checks that it was
 * still the stale one: a fresh lock that replaced it in between is put back.
 */
function removeStale(lockFile: string, stalePid: number | null) {
  const moved = `${lockFile}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockFile, moved);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (readHolder(moved) !== stalePid) {
    try {
      linkSync(moved, lockFile);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
  unlinkSync(moved);
}

function removeIfOurs(lockFile: string) {
  try {
    if (readHolder(lockFile) === process.pid) unlinkSync(lockFile);
  } catch {
    // Exit path: nothing more to do; a lock left behind is stale once this process is gone.
  }
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}
