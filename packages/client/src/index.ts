import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi.generated.js';

export type * from './openapi.generated.js';

export type AccountsClient = Client<paths>;

export type AccountsClientOptions = {
  /** Where the service answers, e.g. `https://accounts.example.com` (paths start with /api). */
  baseUrl: string;
  /** The bearer token, or a function giving the current one (asked before every request). */
  token?: string | (() => string | Promise<string>);
  /**
   * For a DPoP-bound token (RFC 9449): makes the proof of each request, for its method, its URL
   * without query and fragment, and the token (its `ath`); the token then goes as
   * `Authorization: DPoP <token>` with the proof in the `DPoP` header. With the `dpop` package:
   * `({ method, url, token }) => generateProof(keyPair, url, method, undefined, token)`.
   */
  dpopProof?: (request: { method: string; url: string; token: string }) => string | Promise<string>;
  /** Another fetch implementation; default: the global fetch. */
  fetch?: typeof fetch;
};

/**
 * A typed client of every operation of the account service: `client.POST('/api/auth/2fa',
 * { body })` answers `{ data }` (the success shape) or `{ error }` (the ErrorBody with the codes
 * that operation can give), with the `response` in both cases.
 */
export function createAccountsClient(options: AccountsClientOptions): AccountsClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const { token, dpopProof } = options;
  if (token !== undefined) {
    client.use({
      async onRequest({ request }) {
        const current = typeof token === 'function' ? await token() : token;
        if (dpopProof === undefined) {
          request.headers.set('authorization', `Bearer ${current}`);
          return request;
        }
        const url = new URL(request.url);
        const proof = await dpopProof({
          method: request.method,
          url: `${url.origin}${url.pathname}`,
          token: current,
        });
        request.headers.set('authorization', `DPoP ${current}`);
        request.headers.set('dpop', proof);
        return request;
      },
    });
  }
  return client;
}
