// The stack floor: what the service is built on, configured as the plugins' authors document them
// and nothing else. Fastify logging each request at info through its pino logger, @fastify/cors,
// @fastify/rate-limit, @fastify/jwt, and the statements the service sends through Kysely on pg:
// for each read the account gate's (the flags by primary key) and its use case's; for the
// password flood, the hash by primary key and argon2. With JWKS_URL, the tokens are the identity
// provider's: @fastify/jwt's key function with jose as the key library, as their READMEs show.
import { KeyObject } from 'node:crypto';
import cors from '@fastify/cors';
import fastifyJwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { createRemoteJWKSet } from 'jose';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { argon2 } from './lib/argon2-binding.mjs';

const db = new Kysely({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) }),
});
// STACK_FLOOR_WITHOUT=cors,rate-limit,logging leaves those out: an A/B of what each one costs.
const without = new Set((process.env.STACK_FLOOR_WITHOUT ?? '').split(',').map((name) => name.trim()));
const app = Fastify({ logger: without.has('logging') ? false : { level: 'info' } });
if (!without.has('cors')) await app.register(cors, { origin: true });
// As high as the service's budget in the bench: the load comes from one address.
if (!without.has('rate-limit')) {
  await app.register(rateLimit, { max: Number(process.env.RATE_LIMIT_MAX ?? 1_000_000), timeWindow: 60_000 });
}
if (process.env.JWKS_URL) {
  // jose's README: a remote key set by its URL. fast-jwt takes a PEM, and @fastify/jwt keeps one
  // verifier per PEM string: each key jose imported is exported once. No cooldown, no outage logic.
  const jwks = createRemoteJWKSet(new URL(process.env.JWKS_URL));
  const pems = new WeakMap();
  const pemOf = (key) => {
    if (!pems.has(key)) pems.set(key, KeyObject.from(key).export({ type: 'spki', format: 'pem' }));
    return pems.get(key);
  };
  await app.register(fastifyJwt, {
    decode: { complete: true },
    secret: async (_request, token) => pemOf(await jwks(token.header)),
    verify: { allowedIss: process.env.JWT_ISSUER, allowedAud: process.env.JWT_AUDIENCE },
  });
} else {
  await app.register(fastifyJwt, { secret: process.env.JWT_SECRET });
}
app.addHook('onRequest', (request) => request.jwtVerify());

/** The account gate's statement, as the service sends it for every request with a token. */
const accountFlags = (userId) =>
  db.selectFrom('users').select(['disabled', 'banned']).where('id', '=', userId).executeTakeFirst();
const count = async (table, userId) => {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
};

// The entitlement's metadata with the account's flags (whether the account exists), as the
// service reads it after the gate.
app.get('/api/user/custom-domain', async (request) => {
  await accountFlags(request.user.sub);
  const row = await db
    .selectFrom('users as u')
    .leftJoin('service_access as sa', (join) =>
      join.onRef('sa.user_id', '=', 'u.id').on('sa.service', '=', 'DROP'),
    )
    .select(['u.disabled', 'u.banned', 'sa.metadata'])
    .where('u.id', '=', request.user.sub)
    .executeTakeFirst();
  const domain = row?.metadata?.customDomain ?? null;
  return { customDomain: domain, customDomainVerified: false, hasCustomDomain: domain !== null };
});

// What an account page shows of the second factor: the user's row, its passkeys and, with 2FA on,
// its backup codes, counted.
app.get('/api/auth/2fa', async (request) => {
  const userId = request.user.sub;
  await accountFlags(userId);
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'display_name',
      'password_hash',
      'two_factor_enabled',
      'two_factor_secret',
      'two_factor_last_step',
      'disabled',
      'banned',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const passkeys = await count('passkeys', userId);
  const backupCodesRemaining = user.two_factor_enabled ? await count('backup_codes', userId) : 0;
  return { twoFactorEnabled: user.two_factor_enabled, backupCodesRemaining, passkeys };
});

// The password flood's route, as plainly as the stack allows: the hash by primary key, argon2 on
// libuv's pool with no bound, and the service's answer to a re-enable of an active account. It
// shows what the same CPUs leave for password checks when nothing of the service runs beside them.
app.delete('/api/auth/disable-account', async (request, reply) => {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', request.user.sub)
    .executeTakeFirstOrThrow();
  if (!(await argon2.verify(user.password_hash, request.body.password))) {
    return reply.code(401).send({ message: 'Invalid password' });
  }
  return reply.code(400).send({ message: 'Account is not disabled' });
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0)),
);
