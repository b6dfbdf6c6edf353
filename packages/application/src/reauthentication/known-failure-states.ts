import type { VersionedFailureState } from '../ports.js';

/** Enough for every account being checked at once on one instance; the oldest is forgotten first. */
const MAX_ENTRIES = 10_000;
// Bounded here by hand rather than by lru-cache: the application takes no runtime packages, and
// a forgotten entry costs one read, never a wrong count, so it needs no port of its own.

/**
 * The failure counts this process last wrote, per account and client, with the version they were
 * written at. A change tries its compare-and-set on them first: when nobody else wrote since, that
 * one statement is the whole change; when somebody did, the version has moved, the statement
 * changes nothing, and the counts are read again. A stale entry therefore costs a read, never a
 * wrong count.
 */
export class KnownFailureStates {
  private readonly states = new Map<string, VersionedFailureState>();

  get(userId: string, client: string): VersionedFailureState | undefined {
    return this.states.get(key(userId, client));
  }

  set(userId: string, client: string, known: VersionedFailureState): void {
    const k = key(userId, client);
    this.states.delete(k); // re-inserted last, so the map's order is the order of use
    this.states.set(k, known);
    if (this.states.size > MAX_ENTRIES) {
      const oldest = this.states.keys().next();
      if (!oldest.done) this.states.delete(oldest.value);
    }
  }

  forget(userId: string, client: string): void {
    this.states.delete(key(userId, client));
  }

  get size(): number {
    return this.states.size;
  }
}

function key(userId: string, client: string) {
  return `${userId}\n${client}`;
}
