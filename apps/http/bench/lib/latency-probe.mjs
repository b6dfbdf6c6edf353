// A light, steady read load whose latencies are kept exactly (autocannon rounds to whole ms):
// one request every 1/rate s, on a few keep-alive connections, whatever else the server is doing.
// The client is a few lines over raw sockets rather than node:http, whose per-request work (in
// this process, on the same CPUs) cost about as much as the server's: measuring must not take
// the CPU that the password flood is measured on.
import { connect } from 'node:net';

const HEADER_END = '\r\n\r\n';

/**
 * One keep-alive connection sending `request` one at a time, in the order asked; `send(started)`
 * resolves with the status and the milliseconds since `started` (a wait for the connection counts).
 */
function connection(host, port, request) {
  const socket = connect({ host, port, noDelay: true });
  socket.setEncoding('latin1');
  const queue = []; // the head is in flight
  let buffer = '';
  const settle = (status) => {
    const done = queue.shift();
    done?.resolve({ ms: performance.now() - done.started, status });
    if (queue.length > 0) socket.write(request);
  };
  socket.on('data', (chunk) => {
    buffer += chunk;
    const headerEnd = buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = buffer.slice(0, headerEnd);
    const end = headerEnd + HEADER_END.length + Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end) return;
    buffer = buffer.slice(end);
    settle(Number(head.slice(9, 12)));
  });
  const failAll = () => {
    while (queue.length > 0) settle(null);
  };
  socket.on('error', failAll);
  socket.on('close', failAll);
  return {
    get waiting() {
      return queue.length;
    },
    send(started) {
      return new Promise((resolve) => {
        if (socket.destroyed) return resolve({ ms: 0, status: null });
        queue.push({ resolve, started });
        if (queue.length === 1) socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

/** Sends `rate` requests per second for `seconds`; resolves with every latency (ms) and the failures. */
export async function probeLatency(url, { headers, rate, seconds, connections = 4 }) {
  const { hostname, port, pathname, search } = new URL(url);
  const fields = Object.entries({ host: `${hostname}:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`);
  const request = `GET ${pathname}${search} HTTP/1.1\r\n${fields.join('\r\n')}${HEADER_END}`;
  const pool = Array.from({ length: connections }, () => connection(hostname, Number(port), request));
  const latencies = [];
  let failures = 0;
  const pending = [];
  const count = Math.round(rate * seconds);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const least = pool.reduce((a, b) => (b.waiting < a.waiting ? b : a));
    pending.push(
      least.send(performance.now()).then(({ ms, status }) => {
        if (status === 200) latencies.push(ms);
        else failures++;
      }),
    );
  }
  await Promise.all(pending);
  for (const c of pool) c.close();
  return { latencies, failures };
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
