import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Argon2PasswordHasher } from '@accounts/adapters';
import type { TestDatabaseTarget } from '@accounts/adapters/testing';
import type { Clock } from '@accounts/application';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll } from 'vitest';
import type { Service } from '../src/composition-root.js';
import { startRealService, TEST_ARGON2 } from './real-service.js';

/** How a loopback stand-in answers: at once with a status, or never (it hangs). */
type Behaviour = { status: number } | 'hang';

type Listening = { server: Server; port: number };
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function listen(handler: Handler, port = 0) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port } satisfies Listening;
}

async function shut(listening: Listening | null) {
  if (!listening) return;
  listening.server.closeAllConnections();
  await new Promise<void>((resolve) => listening.server.close(() => resolve()));
}

/** A loopback server that can be stopped and started again on the same port. */
async function restartable(handler: Handler) {
  let listening: Listening | null = await listen(handler);
  const { port } = listening;
  return {
    port,
    /** Nothing listens on the port until `start()`. */
    stop: async () => {
      await shut(listening);
      listening = null;
    },
    start: async () => {
      listening ??= await listen(handler, port);
    },
    close: () => shut(listening),
  };
}

/**
 * The billing provider on loopback: records `METHOD /path` of every request, counts requests
 * that arrive for a path while another for it is still being answered (concurrent duplicates),
 * and can be stopped and started again on the same port (a provider that is down for a while).
 */
export async function startProvider(options: { answerAfterMs?: number } = {}) {
  const requests: string[] = [];
  const inFlight = new Map<string, number>();
  const state = { behaviour: { status: 200 } as Behaviour, concurrentDuplicates: 0 };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const key = `${req.method} ${req.url}`;
    requests.push(key);
    const behaviour = state.behaviour;
    if (behaviour === 'hang') return;
    const running = inFlight.get(key) ?? 0;
    if (running > 0) state.concurrentDuplicates++;
    inFlight.set(key, running + 1);
    setTimeout(() => {
      inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
      res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end('{}');
    }, options.answerAfterMs ?? 0);
  };
  const { port, ...lifecycle } = await restartable(handler);
  return { url: `http://127.0.0.1:${port}`, requests, state, ...lifecycle };
}

type Delivered = {
  id: string;
  timestamp: number;
  body: string;
  headers: IncomingMessage['headers'];
  event: { type: string; timestamp: string; data: Record<string, string> };
};

/**
 * A webhook receiver on loopback that verifies every request with the standardwebhooks library,
 * as a receiver would; `attempts` holds every verified request in arrival order, `failures`
 * those that did not verify.
 */
async function startReceiver() {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const verifier = new Webhook(secret);
  const attempts: Delivered[] = [];
  const failures: string[] = [];
  const state = { behaviour: { status: 204 } as Behaviour, failFirstAttempts: false };
  const seen = new Set<string>();
  const handler = (req: IncomingMessage, res: ServerResponse, body: string) => {
    try {
      const event = verifier.verify(body, req.headers as Record<string, string>) as Delivered['event'];
      attempts.push({
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        body,
        headers: req.headers,
        event,
      });
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
      res.writeHead(400).end();
      return;
    }
    const id = String(req.headers['webhook-id']);
    const first = !seen.has(id);
    seen.add(id);
    const behaviour = state.failFirstAttempts && first ? { status: 500 } : state.behaviour;
    if (behaviour !== 'hang') res.writeHead(behaviour.status).end();
  };
  const { port, ...lifecycle } = await restartable(handler);
  return { url: `http://127.0.0.1:${port}/webhooks`, secret, attempts, failures, state, ...lifecycle };
}

/** Short outbox timings so that retries happen within a test. */
export const FAST_OUTBOX_ENV = {
  DELIVERY_POLL_MS: '50',
  DELIVERY_RETRY_BASE_MS: '100',
  DELIVERY_RETRY_MAX_MS: '400',
};

/**
 * For a describe block: before all, the real service on `target` with the loopback billing
 * provider, the webhook receiver (sent to only with `webhooks`) and the hash of `password` to
 * seed users with; after all, all of it closed. The fields are set once beforeAll has run.
 */
export function serviceWithStandIns(
  target: TestDatabaseTarget,
  options: { password: string; webhooks: boolean; env?: Record<string, string>; clock?: Clock },
) {
  const real = {
    service: undefined as unknown as Service,
    base: '',
    provider: undefined as unknown as Awaited<ReturnType<typeof startProvider>>,
    receiver: undefined as unknown as Awaited<ReturnType<typeof startReceiver>>,
    passwordHash: '',
  };
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const provider = await startProvider();
    const receiver = await startReceiver();
    const started = await startRealService(target, {
      env: {
        BILLING_API_URL: provider.url,
        ...(options.webhooks ? { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: receiver.secret } : {}),
        RATE_LIMIT_MAX: '100000',
        ...options.env,
      },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    close = async () => {
      await started.close();
      await provider.close();
      await receiver.close();
    };
    Object.assign(real, { service: started.service, base: started.base, provider, receiver });
    real.passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(options.password);
  });

  afterAll(() => close?.());

  return real;
}
