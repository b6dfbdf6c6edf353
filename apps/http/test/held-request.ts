import { once } from 'node:events';
import { connect } from 'node:net';

/** The status and JSON body of an answer. */
export type Answer = { status: number; body: Record<string, unknown> };

/** A request on a raw socket with all of its body sent but the last byte. */
export type HeldRequest = {
  /** Sends the last byte and reads the answer (the connection closes after it). */
  complete(): Promise<Answer>;
};

function answerOf(raw: string): Answer {
  const split = raw.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(raw)?.[1]);
  if (split < 0 || !Number.isInteger(status)) throw new Error(`not an HTTP answer: ${JSON.stringify(raw)}`);
  return { status, body: JSON.parse(raw.slice(split + 4)) as Record<string, unknown> };
}

/**
 * Sends `method path` with the bearer token, the headers and the JSON body but its last byte, as
 * a client that holds a request open would; the server has received the headers, not the body.
 */
export async function holdRequest(
  base: string,
  request: { method: string; path: string; token: string; body: object },
): Promise<HeldRequest> {
  const { hostname, port } = new URL(base);
  const payload = Buffer.from(JSON.stringify(request.body));
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  await once(socket, 'connect');
  socket.write(
    `${request.method} ${request.path} HTTP/1.1\r\nHost: ${hostname}\r\n` +
      `Authorization: Bearer ${request.token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(payload.subarray(0, -1));
  return {
    async complete() {
      socket.write(payload.subarray(-1));
      return answerOf(await ended);
    },
  };
}
