import type { SsfStream, SsfStreamRepository } from '../ssf/ssf-streams.js';

/** The streams in memory: what the Kysely repository does, for the contract suite and the use cases. */
export class InMemorySsfStreamRepository implements SsfStreamRepository {
  readonly streams = new Map<string, SsfStream>();
  readonly excluded = new Set<string>();

  create(stream: SsfStream): Promise<boolean> {
    if ([...this.streams.values()].some((s) => s.receiver === stream.receiver)) return Promise.resolve(false);
    this.streams.set(stream.id, structuredClone(stream));
    return Promise.resolve(true);
  }

  ofReceiver(receiver: string): Promise<SsfStream | null> {
    const found = [...this.streams.values()].find((stream) => stream.receiver === receiver);
    return Promise.resolve(found ? structuredClone(found) : null);
  }

  ofId(id: string): Promise<SsfStream | null> {
    const found = this.streams.get(id);
    return Promise.resolve(found ? structuredClone(found) : null);
  }

  all(): Promise<SsfStream[]> {
    return Promise.resolve([...this.streams.values()].map((stream) => structuredClone(stream)));
  }

  update(stream: SsfStream): Promise<void> {
    const current = this.streams.get(stream.id);
    if (current) this.streams.set(stream.id, { ...structuredClone(stream), receiver: current.receiver });
    return Promise.resolve();
  }

  delete(id: string): Promise<boolean> {
    for (const key of this.excluded) if (key.startsWith(`${id}\u0000`)) this.excluded.delete(key);
    return Promise.resolve(this.streams.delete(id));
  }

  excludeSubject(streamId: string, userId: string): Promise<void> {
    if (this.streams.has(streamId)) this.excluded.add(`${streamId}\u0000${userId}`);
    return Promise.resolve();
  }

  includeSubject(streamId: string, userId: string): Promise<void> {
    this.excluded.delete(`${streamId}\u0000${userId}`);
    return Promise.resolve();
  }

  excludingUser(streamIds: readonly string[], userId: string): Promise<string[]> {
    return Promise.resolve(streamIds.filter((id) => this.excluded.has(`${id}\u0000${userId}`)));
  }

  recordVerification(streamId: string, at: Date, notAfter: Date): Promise<boolean> {
    const stream = this.streams.get(streamId);
    if (!stream) return Promise.resolve(false);
    if (stream.lastVerificationAt !== null && stream.lastVerificationAt > notAfter)
      return Promise.resolve(false);
    stream.lastVerificationAt = at;
    return Promise.resolve(true);
  }
}
