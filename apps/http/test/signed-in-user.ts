import { seedEntitlement, seedUser } from '@accounts/adapters/testing';
import type { UserAccount } from '@accounts/application';
import type { Entitlement } from '@accounts/domain';
import { expect } from 'vitest';
import type { Service } from '../src/composition-root.js';
import { mintToken } from '../src/tokens.js';
import { REAL_JWT_SECRET } from './real-service.js';

/** The status and JSON body of an answer. */
type Answer = { status: number; body: Record<string, unknown> };

/**
 * Requests to the service at `base` as `userId`, with a ten-minute bearer token; a body goes as
 * JSON. `send` gives the raw response (redirects not followed), `call` its status and JSON body.
 */
function signedIn(base: string, userId: string) {
  const token = mintToken({ secret: REAL_JWT_SECRET, userId, expiresInSeconds: 600 });
  const send = (method: string, path: string, body?: object) =>
    fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const call = async (method: string, path: string, body?: object): Promise<Answer> => {
    const response = await send(method, path, body);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { token, send, call };
}

/**
 * A user seeded into the running service's database (`seedUser`: `user` over `aUser`'s
 * defaults), with the entitlement `entitlement(id)` gives when there is one, signed in.
 */
export async function seedSignedInUser(
  running: { service: Service; base: string },
  user: Partial<UserAccount>,
  entitlement?: (userId: string) => Entitlement,
) {
  const db = running.service.database.db;
  const { id, email } = await seedUser(db, user);
  if (entitlement) await seedEntitlement(db, entitlement(id));
  return { id, email, ...signedIn(running.base, id) };
}

export type SignedInUser = Awaited<ReturnType<typeof seedSignedInUser>>;

/** Turns TOTP on for `user` with `secret`, confirmed by `verificationCode` (200); its backup codes. */
export async function enableTwoFactor(user: SignedInUser, secret: string, verificationCode: string) {
  const confirmed = await user.call('POST', '/api/auth/2fa', { enable: true, secret, verificationCode });
  expect(confirmed.status).toBe(200);
  return confirmed.body.backupCodes as string[];
}
