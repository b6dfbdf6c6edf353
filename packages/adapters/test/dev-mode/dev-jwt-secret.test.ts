import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateDevJwtSecret } from '@accounts/adapters';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

describe('loadOrCreateDevJwtSecret', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dev-secret-'));
    file = join(dir, '.data', 'dev-jwt-secret');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('makes a 32-byte secret once, in a file only its owner may read or write', async () => {
    const secret = await loadOrCreateDevJwtSecret(file);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(modeOf(file)).toBe(0o600);
    expect(readdirSync(join(dir, '.data'))).toEqual(['dev-jwt-secret']);
  });

  it('hands back the same secret on every later call, as later starts do', async () => {
    const first = await loadOrCreateDevJwtSecret(file);
    expect(await loadOrCreateDevJwtSecret(file)).toBe(first);
    expect(await loadOrCreateDevJwtSecret(file)).toBe(first);
  });

  it('gives processes starting at once one secret', async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateDevJwtSecret(file)));
    expect(new Set(secrets).size).toBe(1);
    expect(readFileSync(file, 'utf8').trim()).toBe(secrets[0]);
    expect(readdirSync(join(dir, '.data'))).toEqual(['dev-jwt-secret']);
  });

  it('takes a file it finds back to owner-only permissions', async () => {
    const secret = await loadOrCreateDevJwtSecret(file);
    chmodSync(file, 0o644);
    expect(await loadOrCreateDevJwtSecret(file)).toBe(secret);
    expect(modeOf(file)).toBe(0o600);
  });

  it('refuses a file that holds no usable secret, naming it', async () => {
    await loadOrCreateDevJwtSecret(file);
    writeFileSync(file, 'short\n');
    await expect(loadOrCreateDevJwtSecret(file)).rejects.toThrow(file);
  });
});
