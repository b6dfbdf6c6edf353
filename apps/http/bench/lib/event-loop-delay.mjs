// The service's own event-loop delay, read from GET /metrics (`accounts_event_loop_delay_*`, a
// perf_hooks histogram of how late a 10 ms timer ran). Every scrape resets the histogram, so a scrape at the start of
// a window and one at its end give the delay during that window.
import { request } from 'node:http';

function text(url) {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        response.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Starts a window: the scrape empties the histogram. */
export async function resetEventLoopDelay(metricsUrl) {
  await text(metricsUrl);
}

/** The p99 of the event-loop delay since the last scrape, in ms. */
export async function eventLoopDelayP99Ms(metricsUrl) {
  const body = await text(metricsUrl);
  const value = /^accounts_event_loop_delay_p99_seconds(?:\{[^}]*\})? (\S+)$/m.exec(body)?.[1];
  if (value === undefined) throw new Error(`${metricsUrl} has no accounts_event_loop_delay_p99_seconds`);
  return Number(value) * 1000;
}
