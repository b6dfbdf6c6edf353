// The baseline: Fastify + @fastify/jwt + one indexed query, nothing else.
import fastifyJwt from '@fastify/jwt';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const app = Fastify();
await app.register(fastifyJwt, { secret: process.env.JWT_SECRET });
app.get('/api/user/custom-domain', async (request) => {
  const { sub } = await request.jwtVerify();
  const { rows } = await pool.query(
    "select metadata from service_access where user_id = $1 and service = 'DROP'",
    [sub],
  );
  const domain = rows[0]?.metadata?.customDomain ?? null;
  return { customDomain: domain, customDomainVerified: false, hasCustomDomain: domain !== null };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
