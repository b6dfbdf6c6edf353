import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy for outage tests: `cut()` stops forwarding (the peers see silence, as when
 * a network drops packets), `reset()` destroys every open connection, `restore()` forwards again.
 */
export type TcpProxy = {
  /** `host:port` of the proxy's own listening address. */
  address: string;
  port: number;
  cut(): void;
  reset(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) {
      // A new connection during a cut hangs, as a SYN into a dead network would.
      client.pause();
      pairs.add([client, client]);
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (!cut) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    address: `127.0.0.1:${address.port}`,
    port: address.port,
    cut: () => {
      cut = true;
    },
    reset: () => {
      for (const [a, b] of pairs) {
        a.resetAndDestroy();
        b.resetAndDestroy();
      }
      pairs.clear();
    },
    restore: () => {
      cut = false;
    },
    close: () => {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
