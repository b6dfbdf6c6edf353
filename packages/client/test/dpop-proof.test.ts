import { describe, expect, it } from 'vitest';
import { createAccountsClient } from '../src/index.js';

/** A fetch that answers 200 `{}` and keeps the requests it was given. */
function recordingFetch() {
  const requests: Request[] = [];
  const fetch = (input: Request) => {
    requests.push(input);
    return Promise.resolve(Response.json({}));
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

describe('createAccountsClient with dpopProof', () => {
  it('sends the token as DPoP with a proof made for each request', async () => {
    const { requests, fetch } = recordingFetch();
    const asked: { method: string; url: string; token: string }[] = [];
    const client = createAccountsClient({
      baseUrl: 'https://accounts.example',
      token: 'the-token',
      fetch,
      dpopProof: (request) => {
        asked.push(request);
        return `proof-${asked.length}`;
      },
    });
    await client.GET('/api/user/custom-domain');
    await client.GET('/api/user/sessions', { params: { query: { limit: 5 } } });

    expect(asked).toEqual([
      { method: 'GET', url: 'https://accounts.example/api/user/custom-domain', token: 'the-token' },
      { method: 'GET', url: 'https://accounts.example/api/user/sessions', token: 'the-token' },
    ]);
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'DPoP the-token',
      'DPoP the-token',
    ]);
    expect(requests.map((request) => request.headers.get('dpop'))).toEqual(['proof-1', 'proof-2']);
  });

  it('sends a Bearer token and no proof without it', async () => {
    const { requests, fetch } = recordingFetch();
    const client = createAccountsClient({ baseUrl: 'https://accounts.example', token: 'the-token', fetch });
    await client.GET('/api/user/custom-domain');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer the-token');
    expect(requests[0]?.headers.has('dpop')).toBe(false);
  });
});
