import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_DEFAULTS,
  defaultBillingApiUrl,
  HttpBillingGateway,
  type HttpBillingGatewayOptions,
} from '@accounts/adapters';
import type { DeliveryOutcome } from '@accounts/domain';

type Recorded = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void;

const TOKEN = 'polar_oat_secret-token-value';
/**
 * The timeout of the cases a provider that never answers runs into: the only ones whose outcome
 * is a timeout, so a loaded machine cannot change it.
 */
const TIMEOUT_MS = 300;
/**
 * Every other case answers (or refuses) at once, and waits on no timer of its own: its gateway's
 * timeout is far beyond anything a loaded machine takes, so that its outcome is never a timeout.
 */
const ANSWERED_TIMEOUT_MS = 20_000;
/**
 * A call that gives up at TIMEOUT_MS ends well within this, and a call that does not wait for
 * ANSWERED_TIMEOUT_MS ends within it too: a bound on hanging, not on speed (a tighter one failed
 * on a loaded machine).
 */
const GIVE_UP_BOUND_MS = 10_000;

let server: Server;
let apiUrl: string;
let handler: Handler;
let recorded: Recorded[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = recorded.length;
      recorded.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      handler(req, res, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  recorded = [];
});

afterAll(async () => {
  server.closeAllConnections(); // ends the requests a test left hanging
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function gateway(overrides: Partial<HttpBillingGatewayOptions> = {}): HttpBillingGateway {
  return new HttpBillingGateway({
    accessToken: TOKEN,
    server: 'production',
    apiUrl,
    timeoutMs: ANSWERED_TIMEOUT_MS,
    ...overrides,
  });
}

function answer(status: number, body: unknown = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

async function timed<T>(
  work: () => Promise<T>,
): Promise<{ elapsed: number; result: PromiseSettledResult<T> }> {
  const started = performance.now();
  const [result] = await Promise.allSettled([work()]);
  return { elapsed: performance.now() - started, result };
}

function rejection(result: PromiseSettledResult<unknown>): Error {
  if (result.status !== 'rejected') throw new Error('expected the call to fail');
  expect(result.reason).toBeInstanceOf(Error);
  return result.reason as Error;
}

function outcome(result: PromiseSettledResult<DeliveryOutcome>): DeliveryOutcome {
  if (result.status !== 'fulfilled') throw new Error('expected an outcome, not a throw');
  return result.value;
}

describe('HttpBillingGateway configuration', () => {
  it('is configured only with a non-empty access token', () => {
    expect(gateway().isConfigured).toBe(true);
    expect(gateway({ accessToken: '' }).isConfigured).toBe(false);
    expect(gateway({ accessToken: undefined }).isConfigured).toBe(false);
  });

  it('sends nothing without a token', async () => {
    handler = answer(200);
    const unconfigured = gateway({ accessToken: undefined });
    await expect(unconfigured.findCustomer('cus_1')).rejects.toThrow(/not configured/);
    await expect(unconfigured.cancelSubscription('sub_1', 'immediately')).rejects.toThrow(/not configured/);
    expect(recorded).toEqual([]);
  });

  it.each([
    ['production', undefined, 'https://polar.sh/portal/cus_1'],
    ['sandbox', undefined, 'https://sandbox-polar.sh/portal/cus_1'],
    ['production', 'https://billing.example', 'https://billing.example/portal/cus_1'],
    ['sandbox', 'https://billing.example', 'https://sandbox-billing.example/portal/cus_1'],
    [
      'sandbox',
      'https://billing.example:8443/acme/',
      'https://sandbox-billing.example:8443/acme/portal/cus_1',
    ],
  ] as const)('builds the %s portal URL from %s', (server, portalUrl, expected) => {
    expect(gateway({ server, portalUrl }).portalUrl('cus_1')).toBe(expected);
  });

  it("defaults to Polar's API of the chosen server", () => {
    expect(defaultBillingApiUrl('production')).toBe('https://api.polar.sh');
    expect(defaultBillingApiUrl('sandbox')).toBe('https://sandbox-api.polar.sh');
    expect(BILLING_DEFAULTS.portalUrl).toBe('https://polar.sh');
  });

  it('URL-encodes the customer id in the portal URL', () => {
    expect(gateway().portalUrl('a/b c?d')).toBe('https://polar.sh/portal/a%2Fb%20c%3Fd');
  });
});

describe('HttpBillingGateway.findCustomer', () => {
  it('asks GET /v1/customers/{id} with the bearer token and reports a 2xx as found', async () => {
    handler = answer(200, { id: 'cus 1/x' });
    await expect(gateway().findCustomer('cus 1/x')).resolves.toBe('found');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'GET', path: '/v1/customers/cus%201%2Fx' });
    expect(recorded[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(recorded[0]!.headers.accept).toBe('application/json');
  });

  it.each([404, 401, 422, 500])('reports HTTP %i as not found', async (status) => {
    handler = answer(status, { detail: 'nope' });
    await expect(gateway().findCustomer('cus_1')).resolves.toBe('not-found');
    expect(recorded).toHaveLength(1);
  });

  it('keeps a path prefix of an overridden API URL', async () => {
    handler = answer(200);
    await gateway({ apiUrl: `${apiUrl}/proxy/` }).findCustomer('cus_1');
    expect(recorded[0]!.path).toBe('/proxy/v1/customers/cus_1');
  });

  it('throws when the provider does not answer within the timeout', async () => {
    handler = () => undefined; // never answers
    const { elapsed, result } = await timed(() => gateway({ timeoutMs: TIMEOUT_MS }).findCustomer('cus_1'));
    expect(rejection(result).message).toMatch(/timed out after 300 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(GIVE_UP_BOUND_MS);
  });

  it('throws when the connection is dropped', async () => {
    handler = (req) => req.socket.destroy();
    const error = rejection((await timed(() => gateway().findCustomer('cus_1'))).result);
    expect(error.message).toMatch(/network error/);
    expect(error.message).not.toContain(TOKEN);
  });

  it('throws quickly when nothing listens on the port', async () => {
    const url = await closedPortUrl();
    const { elapsed, result } = await timed(() => gateway({ apiUrl: url }).findCustomer('cus_1'));
    expect(rejection(result).message).toMatch(/ECONNREFUSED/);
    expect(elapsed).toBeLessThan(GIVE_UP_BOUND_MS);
  });
});

describe('HttpBillingGateway.cancelSubscription', () => {
  const CANCELLED = { outcome: 'done', note: 'cancelled' };

  it('revokes at once with DELETE /v1/subscriptions/{id}', async () => {
    handler = answer(200, { id: 'sub_1' });
    await expect(gateway().cancelSubscription('sub_1', 'immediately')).resolves.toEqual(CANCELLED);
    expect(recorded).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/v1/subscriptions/sub_1', body: '' }),
    ]);
    expect(recorded[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(recorded[0]!.headers.accept).toBe('application/json');
  });

  it('cancels at the period end with PATCH {"cancel_at_period_end": true}', async () => {
    handler = answer(200, { id: 'sub_1' });
    await expect(gateway().cancelSubscription('sub_1', 'at-period-end')).resolves.toEqual(CANCELLED);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'PATCH', path: '/v1/subscriptions/sub_1' });
    expect(recorded[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(recorded[0]!.body)).toEqual({ cancel_at_period_end: true });
  });

  it.each([404, 409, 422])('counts HTTP %i as already gone, without retrying', async (status) => {
    handler = answer(status, { detail: 'gone' });
    await expect(gateway().cancelSubscription('sub_1', 'immediately')).resolves.toEqual({
      outcome: 'done',
      note: 'already-gone',
    });
    expect(recorded).toHaveLength(1);
  });

  it.each([400, 401, 403])(
    'reports HTTP %i as permanent without retrying, naming the status but not the token',
    async (status) => {
      handler = answer(status);
      const result = outcome(
        (await timed(() => gateway().cancelSubscription('sub_1', 'immediately'))).result,
      );
      expect(result).toEqual({ outcome: 'permanent', problem: `HTTP ${status}` });
      expect(JSON.stringify(result)).not.toContain(TOKEN);
      expect(recorded).toHaveLength(1);
    },
  );

  it('retries a 500 and succeeds when the provider recovers', async () => {
    handler = (req, res, index) => answer(index === 0 ? 500 : 200)(req, res, index);
    const warnings: Record<string, unknown>[] = [];
    const logger = {
      info: () => undefined,
      error: () => undefined,
      warn: (details: Record<string, unknown>) => void warnings.push(details),
    };
    await expect(gateway({ logger }).cancelSubscription('sub_1', 'at-period-end')).resolves.toEqual(
      CANCELLED,
    );
    expect(recorded.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
    expect(warnings).toEqual([expect.objectContaining({ subscriptionId: 'sub_1', problem: 'HTTP 500' })]);
    expect(JSON.stringify(warnings)).not.toContain(TOKEN);
  });

  it('retries a 429 and succeeds', async () => {
    handler = (req, res, index) => answer(index === 0 ? 429 : 204)(req, res, index);
    await expect(gateway().cancelSubscription('sub_1', 'immediately')).resolves.toEqual(CANCELLED);
    expect(recorded).toHaveLength(2);
  });

  it('gives up after four attempts on a provider that keeps failing, naming the last status', async () => {
    handler = answer(503);
    const { elapsed, result } = await timed(() => gateway().cancelSubscription('sub_1', 'immediately'));
    expect(outcome(result)).toEqual({ outcome: 'transient', problem: 'HTTP 503' });
    expect(recorded).toHaveLength(4);
    expect(elapsed).toBeLessThan(GIVE_UP_BOUND_MS);
  });

  it('makes no attempt its timeout leaves no time for: a Retry-After beyond it ends the call at once', async () => {
    handler = (_req, res) => {
      res.writeHead(503, { 'retry-after': '60' }).end();
    };
    const { elapsed, result } = await timed(() => gateway().cancelSubscription('sub_1', 'immediately'));
    expect(outcome(result)).toEqual({ outcome: 'transient', problem: 'HTTP 503' });
    expect(recorded).toHaveLength(1);
    expect(elapsed).toBeLessThan(GIVE_UP_BOUND_MS);
  });

  it('gives up within the timeout when a slow answer follows a failure', async () => {
    handler = (req, res, index) => (index === 0 ? answer(500)(req, res, index) : undefined);
    // One deadline for every attempt and pause: the retry that never answers ends at it. Long
    // enough that the first answer and the 100 ms pause fit before it on a loaded machine.
    const { elapsed, result } = await timed(() =>
      gateway({ timeoutMs: 2_500 }).cancelSubscription('sub_1', 'immediately'),
    );
    expect(outcome(result)).toMatchObject({
      outcome: 'transient',
      problem: expect.stringMatching(/timed out/) as unknown,
    });
    expect(recorded).toHaveLength(2);
    expect(elapsed).toBeLessThan(GIVE_UP_BOUND_MS);
  });

  it('reports a transient failure when every connection is dropped', async () => {
    handler = (req) => req.socket.destroy();
    const { elapsed, result } = await timed(() => gateway().cancelSubscription('sub_1', 'immediately'));
    expect(outcome(result)).toMatchObject({
      outcome: 'transient',
      problem: expect.stringMatching(/network error/) as unknown,
    });
    expect(JSON.stringify(outcome(result))).not.toContain(TOKEN);
    expect(elapsed).toBeLessThan(GIVE_UP_BOUND_MS);
  });

  it('reports a transient failure within the timeout when nothing listens on the port', async () => {
    const url = await closedPortUrl();
    const { elapsed, result } = await timed(() =>
      gateway({ apiUrl: url }).cancelSubscription('sub_1', 'immediately'),
    );
    expect(outcome(result)).toMatchObject({
      outcome: 'transient',
      problem: expect.stringMatching(/ECONNREFUSED/) as unknown,
    });
    expect(elapsed).toBeLessThan(GIVE_UP_BOUND_MS);
  });
});

/** An address where nothing listens: a port that was just bound and released. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
