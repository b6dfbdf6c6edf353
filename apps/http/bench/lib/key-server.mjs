// A loopback identity provider for the bench's RS256 read: OpenID Connect discovery and a key set
// of one RS256 key, served by node:http; tokens signed with jose.
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const BENCH_AUDIENCE = 'accounts';

/** Listening on a free loopback port: `issuer`, `jwksUrl`, `sign(claims)`, `close()`. */
export async function startKeyServer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'bench-rs256';
  const jwk = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' };
  let issuer = '';
  const server = createServer((request, response) => {
    const json = (body) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/.well-known/openid-configuration') json({ issuer, jwks_uri: `${issuer}/jwks` });
    else if (request.url === '/jwks') json({ keys: [jwk] });
    else response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref(); // never what keeps the bench's process alive
  issuer = `http://127.0.0.1:${server.address().port}`;
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    /** An RS256 access token for `sub` (with `claims`, e.g. a DPoP `cnf`), an hour long, for this service's audience. */
    sign: (sub, claims = {}) =>
      new SignJWT({ ...claims, sub })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
        .setIssuer(issuer)
        .setAudience(BENCH_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
