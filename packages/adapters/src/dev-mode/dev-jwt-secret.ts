import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Dev mode's HS256 secret, beside the embedded database: the dev server and the CLI share it. */
export const DEV_JWT_SECRET_FILE = '.data/dev-jwt-secret';

const SECRET_BYTES = 32;
const OWNER_ONLY = 0o600;

/**
 * The secret in `path`, made on first use: 32 random bytes (base64url), in a file only its owner
 * may read. Made in a temporary file and hard-linked into place, so a process starting at the same
 * moment reads the one that won, never a half-written file.
 */
export async function loadOrCreateDevJwtSecret(path: string = DEV_JWT_SECRET_FILE): Promise<string> {
  const file = resolve(path);
  const existing = await readSecret(file);
  if (existing !== null) return existing;

  await mkdir(dirname(file), { recursive: true });
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, `${secret}\n`, { mode: OWNER_ONLY, flag: 'wx' });
  try {
    await link(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readSecret(file)) ?? secret;
  } finally {
    await rm(temporary, { force: true });
  }
}

async function readSecret(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = text.trim();
  if (Buffer.byteLength(secret) < SECRET_BYTES) {
    throw new Error(`${file} holds no usable JWT secret (32 bytes or more); delete it and a new one is made`);
  }
  // Copied or restored with looser permissions: a signing secret stays the owner's alone.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, OWNER_ONLY);
  return secret;
}
