import { Gauge, type Registry } from 'prom-client';

/** SETs of one stream in one outbox status. */
type SsfSetCount = { streamId: string; status: string; count: number };

/**
 * `accounts_ssf_sets{stream, status}`: the SSF transmitter's SETs by stream, `pending` (queued, or
 * waiting for a poll), `done` (delivered or acknowledged) and `failed`, read from the outbox at
 * each scrape (done entries until retention removes them). A scrape while the database is away
 * still answers, without this series.
 */
export function registerSsfMetrics(
  registry: Registry,
  read: () => Promise<readonly SsfSetCount[]>,
  onCollectError: (error: unknown) => void,
): void {
  new Gauge({
    name: 'accounts_ssf_sets',
    help: 'SETs of the SSF transmitter by stream and status (pending: queued, done: delivered, failed)',
    labelNames: ['stream', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { streamId, status, count } of await read()) this.set({ stream: streamId, status }, count);
      } catch (error) {
        onCollectError(error);
      }
    },
  });
}
