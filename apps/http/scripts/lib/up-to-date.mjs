// The build's up-to-date check (scripts/build.mjs): after a step runs, it records every file it
// read or wrote (its digest, size and modification time), and it runs again only when one of them
// differs. Contents decide: a file whose size and time are as recorded is taken as unchanged (as
// make and git do), any other is read and compared by digest, so a checkout that touches a file
// without changing it costs nothing, and a file changed and put back after another `tsc -b` ran is
// still seen, since that run's outputs are among the files recorded.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * @typedef {{ digest: string; size: number; mtime?: string }} FileState
 *   A file as recorded: the SHA-256 of its contents, its size and modification time (nanoseconds);
 *   no time when it was written too recently to be told apart from a later write by its time alone.
 */

/**
 * @typedef {{ files: Record<string, FileState | null> }} BuildRecord
 *   What a step recorded after its last run: each file by its path relative to the root (null: the
 *   file did not exist).
 */

// File systems keep modification times as coarse as 1-2 s (FAT, HFS+; Linux's are a clock tick):
// a file written this recently may be written again with the same size and time.
const RECENT_NS = 2_000_000_000n;

/** @param {unknown} error */
const isMissing = (error) => /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT';

/**
 * A file's digest (SHA-256 of its contents), or null when there is no such file.
 * @param {string} path
 * @returns {string | null}
 */
function fileDigest(path) {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('base64url');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * @param {string} path
 * @returns {import('node:fs').BigIntStats | null}
 */
function stat(path) {
  try {
    return statSync(path, { bigint: true });
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * A file as it is now, or null when there is no such file.
 * @param {string} path
 * @returns {FileState | null}
 */
function fileState(path) {
  const stats = stat(path);
  const digest = stats && fileDigest(path);
  if (!stats || digest === null) return null;
  const size = Number(stats.size);
  const recent = BigInt(Date.now()) * 1_000_000n - stats.mtimeNs < RECENT_NS;
  return recent ? { digest, size } : { digest, size, mtime: String(stats.mtimeNs) };
}

/**
 * Whether a file is as recorded: its size and time are, or else its contents.
 * @param {string} path
 * @param {FileState | null} recorded
 * @returns {boolean}
 */
function isUnchanged(path, recorded) {
  const stats = stat(path);
  if (!stats || !recorded) return !stats && !recorded;
  if (Number(stats.size) !== recorded.size) return false;
  if (recorded.mtime !== undefined && String(stats.mtimeNs) === recorded.mtime) return true;
  return fileDigest(path) === recorded.digest;
}

/**
 * Every file under `dir`, as a path relative to `root` with `/` separators, sorted; none when `dir`
 * does not exist.
 * @param {string} root
 * @param {string} dir relative to `root`
 * @returns {string[]}
 */
export function filesUnder(root, dir) {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * The record a step wrote after its last run, or null when there is none (or it is unreadable).
 * @param {string} path
 * @returns {BuildRecord | null}
 */
export function readRecord(path) {
  let record;
  try {
    record = /** @type {unknown} */ (JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null;
  }
  const files = record && typeof record === 'object' && 'files' in record ? record.files : null;
  return files && typeof files === 'object' ? /** @type {BuildRecord} */ (record) : null;
}

/**
 * Records `paths` as they are now: written whole (a rename), so that a build beside this one never
 * reads half a record.
 * @param {string} path
 * @param {string} root
 * @param {readonly string[]} paths relative to `root`
 */
export function writeRecord(path, root, paths) {
  /** @type {BuildRecord} */
  const record = { files: {} };
  for (const file of [...new Set(paths)].sort()) record.files[file] = fileState(join(root, file));
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record)}\n`);
  renameSync(temporary, path);
}

/**
 * Why a step must run again: the first of `paths` that differs from the record, a path the record
 * does not have or one it has that `paths` no longer lists; null when none does.
 * @param {BuildRecord | null} record
 * @param {string} root
 * @param {readonly string[]} paths relative to `root`
 * @returns {string | null}
 */
function changedSince(record, root, paths) {
  if (!record) return 'no record of an earlier build';
  const current = new Set(paths);
  for (const file of Object.keys(record.files)) {
    if (!current.has(file)) return `${file} is gone from its inputs`;
  }
  for (const file of current) {
    const recorded = record.files[file];
    if (recorded === undefined) return `${file} is new`;
    if (!isUnchanged(join(root, file), recorded)) return `${file} changed`;
  }
  return null;
}

/**
 * @typedef {object} BuildStep
 * @property {string} name what the note says it builds
 * @property {string} record where its record is kept, relative to the root
 * @property {(record: BuildRecord | null) => string[]} files the files to compare with the record:
 *   what it reads and writes, as far as that is known before it runs (else the last record's)
 * @property {() => Promise<string[]> | string[]} run builds; answers every file it read or wrote
 */

/**
 * Runs, in order, each step whose files differ from its record, and records them after it; a step
 * that fails records nothing, so the next build runs it again.
 * @param {string} root
 * @param {readonly BuildStep[]} steps
 * @param {(line: string) => void} note told which step runs and why
 * @returns {Promise<string[]>} the names of the steps that ran
 */
export async function runSteps(root, steps, note) {
  const ran = [];
  for (const step of steps) {
    const recordPath = join(root, step.record);
    const record = readRecord(recordPath);
    const reason = changedSince(record, root, step.files(record));
    if (reason === null) continue;
    note(`${step.name} (${reason})`);
    writeRecord(recordPath, root, await step.run());
    ran.push(step.name);
  }
  return ran;
}
