import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi.generated.js';

export type * from './openapi.generated.js';

export type AccountsClient = Client<paths>;

export type AccountsClientOptions = {
  /** Where the service answers, e.g. `https://accounts.example.com` (paths start with /api). */
  baseUrl: string;
  /** The bearer token, or a function giving the current one (asked before every request). */
  token?: string | (() => string | Promise<string>);
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
  const { token } = options;
  if (token !== undefined) {
    client.use({
      async onRequest({ request }) {
        const current = typeof token === 'function' ? await token() : token;
        request.headers.set('authorization', `Bearer ${current}`);
        return request;
      },
    });
  }
  return client;
}
