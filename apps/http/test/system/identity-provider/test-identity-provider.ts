import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateProof, type KeyPair } from 'dpop';
import { calculateJwkThumbprint, type JWK } from 'jose';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { ProviderBrowser } from './provider-browser.js';

/** The resource indicator of the service: the token request repeats it, the tokens' `aud`. */
export const RESOURCE = 'https://accounts.test/api';
/** The client users sign in with; the service's OIDC_LOGOUT_AUDIENCE. */
export const USER_CLIENT_ID = 'accounts-web';
const OPERATOR_CLIENT_ID = 'accounts-support';
/** The service's default ADMIN_SCOPE, which the operator client's tokens carry. */
const ADMIN_SCOPE = 'accounts:admin';
const USER_SCOPE = 'accounts';
// Never followed: the test reads the code from the redirect.
const REDIRECT_URI = 'http://127.0.0.1/callback';

type SignInOptions = {
  /** The `acr` of the login (default `urn:accounts:password`). */
  acr?: string;
  amr?: string[];
  /** When the person signed in, in Unix seconds (the token's `auth_time`; default now). */
  authTime?: number;
  /** Binds the access token to this key (DPoP): the token request carries a proof made with it. */
  dpopKey?: KeyPair;
};

type UserSignIn = {
  accessToken: string;
  /** `Bearer`, or `DPoP` for a bound token. */
  tokenType: string;
  /** The user agent that signed in: it holds the provider's session cookie, for `signOut`. */
  browser: ProviderBrowser;
};

type PrivateJwk = JWK & { kid: string };

export type TestIdentityProvider = {
  /** `OIDC_ISSUER` for the service. */
  issuer: string;
  /** A real authorization-code grant (PKCE), driven over HTTP through the provider's interaction API. */
  signIn: (accountId: string, options?: SignInOptions) => Promise<UserSignIn>;
  /** A client-credentials token whose `scope` holds ADMIN_SCOPE. */
  operatorToken: () => Promise<string>;
  /** Restarts the provider signing with a new key, the previous ones still published; resolves to the new `kid`. */
  rotateSigningKey: () => Promise<string>;
  /** Restarts the provider with only the newest key published. */
  dropRetiredKeys: () => Promise<void>;
  /** The provider's end-session flow for that sign-in's session (logout confirmed), which sends back-channel logouts. */
  signOut: (signIn: UserSignIn) => Promise<void>;
  /** Back-channel logouts the provider reports as delivered, in order. */
  backchannelDeliveries: { clientId: string; accountId: string; sid: string }[];
  /** Closes the port (connections refused) until `start`. */
  stop: () => Promise<void>;
  /** Listens again on the same port (the same issuer), with the same keys and sessions. */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * node-oidc-provider on loopback, configured only through its documented options
 * (decisions.md, "Proof against a real provider"). `backchannelLogoutUri`: the service's
 * `/api/idp/backchannel-logout`, registered on the users' client.
 */
export async function startTestIdentityProvider(options: {
  backchannelLogoutUri: string;
}): Promise<TestIdentityProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const secrets = {
    user: randomBytes(24).toString('base64url'),
    operator: randomBytes(24).toString('base64url'),
  };
  const cookieKey = randomBytes(32).toString('base64url');
  let keys: PrivateJwk[] = [await newSigningKey()];
  const backchannelDeliveries: TestIdentityProvider['backchannelDeliveries'] = [];
  const backchannelErrors: string[] = [];
  const serverErrors: string[] = [];

  configure();
  function configure(): void {
    const instance = new Provider(
      issuer,
      configuration(keys.slice(), secrets, cookieKey, options.backchannelLogoutUri),
    );
    instance.on('backchannel.success', (_ctx, client, accountId, sid) =>
      backchannelDeliveries.push({ clientId: client.clientId, accountId, sid }),
    );
    instance.on('backchannel.error', (_ctx, error, client) =>
      backchannelErrors.push(`${client.clientId}: ${error.message}`),
    );
    instance.on('server_error', (_ctx, error) => serverErrors.push(error.message));
    const callback = instance.callback();
    handler = (req, res) => void serve(instance, callback, req, res);
  }

  const discovery = async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    return (await response.json()) as {
      authorization_endpoint: string;
      token_endpoint: string;
      end_session_endpoint: string;
    };
  };

  async function signIn(accountId: string, signInOptions: SignInOptions = {}): Promise<UserSignIn> {
    const endpoints = await discovery();
    const browser = new ProviderBrowser();
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(endpoints.authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: USER_CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: `openid ${USER_SCOPE}`,
      resource: RESOURCE,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const login = {
      accountId,
      acr: signInOptions.acr ?? 'urn:accounts:password',
      amr: (signInOptions.amr ?? ['pwd']).join(' '),
      ts: String(signInOptions.authTime ?? Math.floor(Date.now() / 1000)),
    };
    let next = authorize.toString();
    // authorize → login page → authorize → consent page → authorize → the client's redirect
    for (let step = 0; step < 4; step++) {
      const { url, response } = await browser.follow(next, issuer);
      if (url.startsWith(REDIRECT_URI)) {
        const code = new URL(url).searchParams.get('code');
        if (code === null) throw new Error(`The sign-in ended without a code: ${url}${failures()}`);
        return {
          ...(await exchangeCode(endpoints.token_endpoint, code, verifier, signInOptions.dpopKey)),
          browser,
        };
      }
      if (response.status !== 200) throw new Error(`Sign-in step ${url}: ${response.status}${failures()}`);
      const page = (await response.json()) as { prompt: string };
      const form = page.prompt === 'login' ? login : {};
      const submitted = await browser.request(`${url}/${page.prompt === 'login' ? 'login' : 'confirm'}`, {
        form,
      });
      const location = submitted.headers.get('location');
      if (location === null)
        throw new Error(`The ${page.prompt} step answered ${submitted.status}${failures()}`);
      next = new URL(location, url).toString();
    }
    throw new Error(`The sign-in did not reach the client${failures()}`);
  }

  async function exchangeCode(tokenEndpoint: string, code: string, verifier: string, dpopKey?: KeyPair) {
    const headers = new Headers({ authorization: basic(USER_CLIENT_ID, secrets.user) });
    if (dpopKey) headers.set('dpop', await generateProof(dpopKey, tokenEndpoint, 'POST'));
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        resource: RESOURCE,
      }),
    });
    const body = (await response.json()) as { access_token?: string; token_type?: string; error?: string };
    if (!body.access_token || !body.token_type)
      throw new Error(`Token request: ${response.status} ${body.error}`);
    return { accessToken: body.access_token, tokenType: body.token_type };
  }

  async function operatorToken(): Promise<string> {
    const { token_endpoint } = await discovery();
    const response = await fetch(token_endpoint, {
      method: 'POST',
      headers: { authorization: basic(OPERATOR_CLIENT_ID, secrets.operator) },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: ADMIN_SCOPE, resource: RESOURCE }),
    });
    const body = (await response.json()) as { access_token?: string; error?: string };
    if (!body.access_token) throw new Error(`Client credentials: ${response.status} ${body.error}`);
    return body.access_token;
  }

  async function signOut(signIn: UserSignIn): Promise<void> {
    const { end_session_endpoint } = await discovery();
    const errorsBefore = backchannelErrors.length;
    const prompt = await signIn.browser.request(`${end_session_endpoint}?client_id=${USER_CLIENT_ID}`);
    // The confirmation page's form (features.rpInitiatedLogout.logoutSource) carries the xsrf value.
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await prompt.text())?.[1];
    if (!xsrf) throw new Error(`No logout form at the end-session endpoint (${prompt.status})${failures()}`);
    const confirmed = await signIn.browser.request(`${end_session_endpoint}/confirm`, {
      form: { xsrf, logout: 'yes' },
    });
    if (confirmed.status !== 303)
      throw new Error(`Logout confirmation answered ${confirmed.status}${failures()}`);
    if (backchannelErrors.length > errorsBefore) {
      throw new Error(`backchannel.error: ${backchannelErrors.slice(errorsBefore).join('; ')}`);
    }
  }

  const failures = () => (serverErrors.length > 0 ? ` (provider errors: ${serverErrors.join('; ')})` : '');

  const stop = async () => {
    if (!server.listening) return;
    const closed = once(server, 'close');
    server.close();
    server.closeAllConnections();
    await closed;
  };

  return {
    issuer,
    signIn,
    operatorToken,
    async rotateSigningKey() {
      const key = await newSigningKey();
      keys = [key, ...keys];
      configure();
      return key.kid;
    },
    dropRetiredKeys() {
      keys = keys.slice(0, 1);
      configure();
      return Promise.resolve();
    },
    signOut,
    backchannelDeliveries,
    stop,
    async start() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: stop,
  };
}

/** An RS256 signing key of 2048 bits, with its RFC 7638 thumbprint as `kid`. */
async function newSigningKey(): Promise<PrivateJwk> {
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function configuration(
  keys: PrivateJwk[],
  secrets: { user: string; operator: string },
  cookieKey: string,
  backchannelLogoutUri: string,
): Configuration {
  return {
    clients: [
      {
        client_id: USER_CLIENT_ID,
        client_secret: secrets.user,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        backchannel_logout_uri: backchannelLogoutUri,
        backchannel_logout_session_required: true,
      },
      {
        client_id: OPERATOR_CLIENT_ID,
        client_secret: secrets.operator,
        redirect_uris: [],
        grant_types: ['client_credentials'],
        response_types: [],
      },
    ],
    jwks: { keys },
    cookies: { keys: [cookieKey] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      ClientCredentials: 600,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      dPoP: { enabled: true },
      backchannelLogout: { enabled: true },
      // The confirmation page is the provider's form alone: signOut submits it as a person would.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = `<!DOCTYPE html><title>Sign out</title>${form}`;
        },
      },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => false,
        getResourceServerInfo: (_ctx, indicator, client) => {
          if (indicator !== RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: client.clientId === OPERATOR_CLIENT_ID ? ADMIN_SCOPE : USER_SCOPE,
            audience: RESOURCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 3600,
          };
        },
      },
    },
    // JWT access tokens carry neither the session nor how and when the person signed in by themselves.
    extraTokenClaims: (ctx: KoaContextWithOIDC, token) => {
      if (token.kind !== 'AccessToken') return undefined;
      const code = ctx.oidc.entities.AuthorizationCode;
      return { sid: token.sid, acr: code?.acr, auth_time: code?.authTime };
    },
    // The default dispatcher refuses loopback addresses, where the service listens in the tests.
    fetch: (input, init = {}) => {
      const { dispatcher: _dispatcher, ...rest } = init as RequestInit & { dispatcher?: unknown };
      return fetch(input, rest);
    },
  };
}

/**
 * The provider, and the pages a deployment writes itself: the interaction page answers which
 * prompt is pending, and the login and consent forms finish it through the interaction API.
 */
async function serve(
  provider: Provider,
  callback: (req: IncomingMessage, res: ServerResponse) => unknown,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://provider').pathname;
  const page = /^\/interaction\/[^/]+(?:\/(login|confirm))?$/.exec(path);
  if (!page) {
    void callback(req, res);
    return;
  }
  try {
    const form = new URLSearchParams(await readBody(req));
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ prompt: details.prompt.name }));
    } else if (page[1] === 'login' && details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        {
          login: {
            accountId: form.get('accountId') ?? '',
            acr: form.get('acr') ?? '',
            amr: (form.get('amr') ?? '').split(' '),
            ts: Number(form.get('ts')),
          },
        },
        { mergeWithLastSubmission: false },
      );
    } else if (page[1] === 'confirm' && details.prompt.name === 'consent') {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({
            accountId: details.session?.accountId ?? '',
            clientId: String(details.params.client_id),
          });
      if (!grant) throw new Error('The interaction names a grant the provider does not have');
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: details.grantId ? {} : { grantId } },
        { mergeWithLastSubmission: true },
      );
    } else {
      res.writeHead(400).end(`No ${page[1]} pending: ${details.prompt.name}`);
    }
  } catch (error) {
    res.writeHead(500).end(error instanceof Error ? error.message : String(error));
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += (chunk as Buffer).toString();
  return body;
}
