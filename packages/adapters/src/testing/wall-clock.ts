import { isPostgresUrl } from '../postgres/database.js';

type Env = Record<string, string | undefined>;

/**
 * Why a test of one of the contract's own wall-clock bounds (tagged `wall-clock`: the 1 s in
 * which another instance refuses a revoked session) does not run here, or undefined when it does.
 * Such a bound is measured on the PostgreSQL job alone (DATABASE_URL), never beside CPU-bound
 * processes (LOADED=1, `scripts/flake-check.sh --loaded`): there the clock measures the machine,
 * not the service. The fast tier proves each one on a fake clock as well.
 */
export function wallClockSkipReason(env: Env = process.env): string | undefined {
  if (env.LOADED === '1') return 'LOADED=1: no wall-clock bound is measured beside CPU-bound processes';
  const url = env.DATABASE_URL?.trim();
  if (!url || !isPostgresUrl(url))
    return 'a wall-clock bound is measured on the PostgreSQL job (DATABASE_URL) alone';
  return undefined;
}
