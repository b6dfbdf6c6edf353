import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The demo user's billing customer at the dev-mode stand-in. */
export const DEMO_BILLING_CUSTOMER_ID = 'cus_demo';

/** What dev mode points BILLING_API_URL, BILLING_PORTAL_URL and BILLING_ACCESS_TOKEN at. */
export type DevBillingServer = {
  /** The stand-in's REST API, e.g. http://127.0.0.1:41234 (BILLING_API_URL). */
  readonly apiUrl: string;
  /** Its customer portal page (BILLING_PORTAL_URL): the portal redirect lands there. */
  readonly portalUrl: string;
  /** A random token made at start; requests without it answer 401, as the provider does. */
  readonly accessToken: string;
  close(): Promise<void>;
};

const CUSTOMER_PATH = /^\/v1\/customers\/([^/?]+)$/;
const SUBSCRIPTION_PATH = /^\/v1\/subscriptions\/([^/?]+)$/;
const PORTAL_PATH = /^\/portal\/([^/?]+)$/;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Dev mode only: a loopback stand-in for the billing provider's REST API (the two calls the
 * service makes: customer lookup and subscription cancellation) and its customer portal, so that
 * the walkthrough's portal step answers a real 307 without a provider account. It knows the demo
 * user's customer and nothing else; no data leaves the machine. Never started outside dev mode.
 */
export async function startDevBillingServer(
  customers: readonly string[] = [DEMO_BILLING_CUSTOMER_ID],
): Promise<DevBillingServer> {
  const accessToken = `dev_${randomBytes(24).toString('base64url')}`;
  const known = new Set(customers);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const portal = PORTAL_PATH.exec(path);
    if (request.method === 'GET' && portal) {
      const customer = escapeHtml(decodeURIComponent(portal[1] ?? ''));
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>Billing portal (dev mode)</title><h1>Billing portal stand-in</h1>` +
            `<p>Customer ${customer}. In production this is the billing provider's portal.</p>`,
        );
      return;
    }
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      json(response, 401, { error: 'Unauthorized' });
      return;
    }
    const customer = CUSTOMER_PATH.exec(path);
    if (request.method === 'GET' && customer) {
      const id = decodeURIComponent(customer[1] ?? '');
      if (known.has(id)) json(response, 200, { id, email: 'demo@example.com' });
      else json(response, 404, { error: 'ResourceNotFound' });
      return;
    }
    if ((request.method === 'PATCH' || request.method === 'DELETE') && SUBSCRIPTION_PATH.test(path)) {
      json(response, 200, { status: 'canceled' });
      return;
    }
    json(response, 404, { error: 'ResourceNotFound' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: base,
    portalUrl: base,
    accessToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
