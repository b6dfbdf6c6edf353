import type { Clock } from '../ports.js';
import type { ReplayRecord } from '../replay-record.js';

/** One process's ReplayRecord, timed by its clock; `unreachable` makes it reject as a lost store does. */
export class InMemoryReplayRecord implements ReplayRecord {
  unreachable = false;
  private readonly expiries = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  firstUse(scope: string, id: string, ttlSeconds: number): Promise<boolean> {
    if (this.unreachable) return Promise.reject(new Error('The replay record cannot be reached'));
    const key = JSON.stringify([scope, id]);
    const now = this.clock.now().getTime();
    const expiry = this.expiries.get(key);
    if (expiry !== undefined && expiry > now) return Promise.resolve(false);
    this.expiries.set(key, now + ttlSeconds * 1000);
    return Promise.resolve(true);
  }
}
