/**
 * Ids a token may carry once: a logout token's `jti`, a DPoP proof's `jti`. Shared by every
 * instance (Redis with `REDIS_URL`, else PostgreSQL), so that an id used on one is refused on all.
 */
export interface ReplayRecord {
  /**
   * Records `id` in `scope` for `ttlSeconds`: true the first time within that time, on any
   * instance; false when it is recorded already. Rejects when the store cannot be reached: the
   * caller then refuses the request (503), never accepts it unchecked.
   */
  firstUse(scope: string, id: string, ttlSeconds: number): Promise<boolean>;
}
