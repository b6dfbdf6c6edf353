import { describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, ServerReachability } from '../../src/postgres/server-reachability.js';

// An outage is told once as it starts, with its cause, and once as it ends, however many
// statements meet it (decisions.md, "Outages and deploys": how an outage is logged).
describe('ServerReachability outage listener', () => {
  it('tells the start once with its cause and the end once, whatever the statements and probes in between', async () => {
    const told: string[] = [];
    let answering = false;
    let probes = 0;
    const reachability = new ServerReachability(
      () => {
        probes++;
        return answering ? Promise.resolve() : Promise.reject(new Error('still silent'));
      },
      {
        started: (cause) => told.push(`started: ${cause.message}`),
        ended: (durationMs) => told.push(`ended after ${durationMs >= 0 ? 'a while' : 'never'}`),
      },
    );
    reachability.silent(new Error('Query read timeout'));
    reachability.silent(new Error('Connection terminated'));
    await expect(reachability.whileAnswering(Promise.resolve(1))).rejects.toBeInstanceOf(
      DatabaseUnreachableError,
    );
    while (probes < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told).toEqual(['started: Query read timeout']);

    answering = true;
    while (reachability.outage) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told).toEqual(['started: Query read timeout', 'ended after a while']);
    await expect(reachability.whileAnswering(Promise.resolve(1))).resolves.toBe(1);
    reachability.stop();
  });
});
