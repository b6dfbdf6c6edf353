import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestDatabase, TestDatabaseTarget } from '@accounts/adapters/testing';
import { spawnBuiltServer, stopBuiltServer, type BuiltServer } from '../built-server.js';
import { TEST_ARGON2 } from '../../real-service.js';

const CLI = resolve(import.meta.dirname, '../../../dist/cli.js');

/** The built service (a process of its own) behind an identity provider, on one database target. */
export type ServiceBehindProvider = {
  base: string;
  server: BuiltServer;
  stop: () => Promise<void>;
};

/**
 * A port nothing listens on now: the service's back-channel logout URL is registered at the
 * provider before the service starts, as a deployment registers it.
 */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/**
 * A database on `target` for the service: the embedded one in a directory of its own (the
 * service's default without DATABASE_URL), or a fresh database on the PostgreSQL server.
 */
export async function serviceDatabase(target: TestDatabaseTarget): Promise<{
  env: Record<string, string>;
  cwd: string;
  close: () => Promise<void>;
}> {
  const cwd = mkdtempSync(join(tmpdir(), 'accounts-idp-'));
  let database: TestDatabase | null = null;
  if (target.label !== 'pglite') database = await target.create();
  return {
    env: database ? { DATABASE_URL: database.url } : {},
    cwd,
    close: async () => {
      await database?.close();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

/** `accounts users create` through the built CLI, with the service's settings; the new user's id. */
export function createUser(
  database: { env: Record<string, string>; cwd: string },
  env: Record<string, string>,
  email: string,
): string {
  const result = spawnSync(
    process.execPath,
    [CLI, 'users', 'create', '--email', email, '--password', 'a long and real password'],
    {
      cwd: database.cwd,
      env: { PATH: process.env.PATH ?? '', ...cheapHashing, ...database.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (result.status !== 0) throw new Error(`users create exited ${result.status}: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { id: string }).id;
}

const cheapHashing = {
  ARGON2_MEMORY_COST: String(TEST_ARGON2.memoryCost),
  ARGON2_TIME_COST: String(TEST_ARGON2.timeCost),
};

/** Starts the built service on `port`, and waits until `/readyz` answers 200 (the provider's keys read). */
export async function startServiceBehindProvider(
  database: { env: Record<string, string>; cwd: string },
  port: number,
  env: Record<string, string>,
): Promise<ServiceBehindProvider> {
  // Route protection is per address, and every test client is 127.0.0.1.
  const server = await spawnBuiltServer(database.cwd, {
    ...cheapHashing,
    RATE_LIMIT_MAX: '1000000',
    ...database.env,
    ...env,
    PORT: String(port),
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${server.base}/readyz`).then(
      (response) => response.status,
      () => null,
    );
    if (ready === 200) break;
    if (Date.now() > deadline) {
      await stopBuiltServer(server);
      throw new Error(`The service never became ready (last /readyz: ${ready}):\n${server.output()}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { base: server.base, server, stop: () => stopBuiltServer(server, 'SIGTERM').then(() => undefined) };
}
