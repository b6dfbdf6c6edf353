import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');

/**
 * Vitest global setup of the system tier (vitest.config.ts): `pnpm build` once before its first
 * test file, so that every file runs what `pnpm start` and the image run (dist/main.js,
 * dist/cli.js). Quick when nothing changed (each step runs only when a file it depends on changed,
 * apps/http/scripts/build.mjs). SKIP_BUILD=1 skips it when the caller has just built (CI's build step).
 */
export default function setup(): void {
  if (process.env.SKIP_BUILD === '1') return;
  execFileSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
