import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '@accounts/adapters';
import { createTestDatabase } from '@accounts/adapters/testing';

export type ServiceTarget = {
  label: string;
  open: () => Promise<{ databaseUrl: string; database?: DatabaseHandle }>;
};

/** PGlite always; PostgreSQL (a fresh database) when DATABASE_URL names a server. */
export function serviceTargets(): ServiceTarget[] {
  const targets: ServiceTarget[] = [
    { label: 'PGlite', open: () => Promise.resolve({ databaseUrl: 'pglite://memory' }) },
  ];
  if (process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL)) {
    targets.push({
      label: 'PostgreSQL',
      open: async () => ({
        databaseUrl: process.env.DATABASE_URL ?? '',
        database: await createTestDatabase(),
      }),
    });
  }
  return targets;
}

/** A loopback stand-in for the billing provider's REST API. */
export async function startBillingServer() {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const known = request.url === '/v1/customers/cus_1' || request.url?.startsWith('/v1/subscriptions/');
    response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** RFC 6238 TOTP (SHA1, 6 digits, 30 s), independent of the adapter under test. */
export function totpCode(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const hash = createHmac('sha1', key).update(message).digest();
  const offset = (hash[19] ?? 0) & 0xf;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
