// A light, steady read load whose latencies are kept exactly (autocannon rounds to whole ms):
// one request every 1/rate s, on a few keep-alive connections, whatever else the server is doing.
import { Agent, request } from 'node:http';

function once(agent, url, headers) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode }));
    });
    req.on('error', () => resolve({ ms: performance.now() - started, status: null }));
    req.end();
  });
}

/** Sends `rate` requests per second for `seconds`; resolves with every latency (ms) and the failures. */
export async function probeLatency(url, { headers, rate, seconds, connections = 4 }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let failures = 0;
  const pending = [];
  const count = Math.round(rate * seconds);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      once(agent, url, headers).then(({ ms, status }) => {
        if (status === 200) latencies.push(ms);
        else failures++;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, failures };
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
