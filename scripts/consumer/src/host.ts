// A host's own Fastify app mounts the account API under /accounts, with its own authentication
// (its session ids); the typed client then calls that host over a socket.
import { createAccounts } from '@accounts/adapters';
import { createAccountsClient } from '@accounts/client';
import { accountsApi } from '@accounts/http';
import Fastify from 'fastify';
import { check } from './check.js';

const accounts = await createAccounts({
  databaseUrl: process.env.DATABASE_URL ?? 'pglite://memory',
  totp: { issuer: 'Host App' },
});
const host = Fastify();
try {
  const created = await accounts.createUser({
    email: 'host@example.com',
    password: 'a long passphrase',
    entitlement: { service: 'DROP', tier: 'enterprise' },
  });
  if (!created.ok) throw new Error(`user not created: ${created.error.type}`);
  // The host's sessions: a session id to the user it belongs to.
  const sessions = new Map([['session-1', created.value.id]]);

  host.get('/', async () => ({ app: 'host' }));
  await host.register(accountsApi, {
    prefix: '/accounts',
    useCases: accounts.useCases,
    // The host's own authentication: its session id, from a header or a bearer token.
    authenticate: (request) => {
      const session = request.headers['x-session'] ?? request.headers.authorization?.replace(/^Bearer /, '');
      return sessions.get(String(session)) ?? null;
    },
  });

  const answer = await host.inject({
    method: 'POST',
    url: '/accounts/api/user/custom-domain',
    headers: { 'x-session': 'session-1' },
    payload: { domain: 'files.example.com' },
  });
  check('the host answers a mounted route through inject', answer.statusCode === 200);
  const refused = await host.inject({ method: 'GET', url: '/accounts/api/user/custom-domain' });
  check("without the host's session: 401", refused.statusCode === 401);
  const own = await host.inject({ method: 'GET', url: '/' });
  check("the host's own routes are untouched", own.json<{ app: string }>().app === 'host');

  const address = await host.listen({ port: 0, host: '127.0.0.1' });
  // The client sends its token as a bearer token: here the host's own session id.
  const client = createAccountsClient({ baseUrl: `${address}/accounts`, token: 'session-1' });
  const domain = await client.GET('/api/user/custom-domain');
  check('the typed client reads the domain', domain.data?.customDomain === 'files.example.com');
  const events = await client.GET('/api/user/security-events', { params: { query: { limit: 5 } } });
  check('the typed client pages security events (limit is a number)', (events.data?.events.length ?? 0) > 0);
} finally {
  await host.close();
  await accounts.close();
}
console.log('host: ok');
