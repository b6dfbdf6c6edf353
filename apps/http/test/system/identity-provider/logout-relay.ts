import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One back-channel logout the provider sent, and how the service answered it. */
export type RelayedLogout = {
  logoutToken: string;
  status: number;
  answer: string;
  cacheControl: string | null;
};

/**
 * The URL registered at the provider as the service's back-channel logout URL: it forwards each
 * call unchanged to `target` and the service's answer back, and keeps both, so that a test can
 * read what the provider sent (and send the same logout token to another instance).
 */
export async function startLogoutRelay(): Promise<{
  url: string;
  forwardTo: (target: string) => void;
  logouts: RelayedLogout[];
  close: () => Promise<void>;
}> {
  let target: string | null = null;
  const logouts: RelayedLogout[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (target === null) {
        res.writeHead(503).end();
        return;
      }
      void fetch(target, {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body,
      }).then(
        async (response) => {
          const answer = await response.text();
          const cacheControl = response.headers.get('cache-control');
          logouts.push({
            logoutToken: new URLSearchParams(body).get('logout_token') ?? '',
            status: response.status,
            answer,
            cacheControl,
          });
          res.writeHead(response.status, {
            'content-type': response.headers.get('content-type') ?? 'text/plain',
          });
          res.end(answer);
        },
        () => res.writeHead(502).end(),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/backchannel-logout`,
    forwardTo: (url) => {
      target = url;
    },
    logouts,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
