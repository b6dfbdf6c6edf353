// The A/B variants of `pnpm bench` and `pnpm bench:reads`, from BENCH_AB_VARIANTS or BENCH_AB_*.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// A/Bs of optimisations: variants of the service (each a B), in the same rounds, interleaved with A
// (the service as built) and the floor, each on a port of its own. A variant is
// { name, main, env, flags, ownDatabase }: `main` another built server (a checkout without the
// optimisation, or apps/http/dist/server.js for the unbundled build; default A's); `env` environment
// changes (null unsets: {"MALLOC_ARENA_MAX":null}); `flags` Node flags instead of the image's;
// `ownDatabase` a database of its own, migrated by its own first start and seeded alike (a checkout
// from before a migration cannot start on a database that has it). BENCH_AB_VARIANTS: a JSON array
// of them, or the path of a file holding one. One variant named B can instead be given by
// BENCH_AB_MAIN, BENCH_AB_ENV (JSON), BENCH_AB_FLAGS (JSON) and BENCH_AB_OWN_DATABASE=1.
export function readVariantSpecs(env) {
  const list = env.BENCH_AB_VARIANTS
    ? JSON.parse(
        env.BENCH_AB_VARIANTS.trimStart().startsWith('[')
          ? env.BENCH_AB_VARIANTS
          : readFileSync(env.BENCH_AB_VARIANTS, 'utf8'),
      )
    : env.BENCH_AB_MAIN || env.BENCH_AB_ENV || env.BENCH_AB_FLAGS
      ? [
          {
            name: 'B',
            main: env.BENCH_AB_MAIN || null,
            env: JSON.parse(env.BENCH_AB_ENV ?? '{}'),
            flags: env.BENCH_AB_FLAGS === undefined ? null : JSON.parse(env.BENCH_AB_FLAGS),
            ownDatabase: env.BENCH_AB_OWN_DATABASE === '1',
          },
        ]
      : [];
  const specs = list.map(({ name, main, ...variant }) => {
    if (typeof name !== 'string' || name === '') throw new Error('every A/B variant needs a name');
    if (main && !existsSync(main)) throw new Error(`A/B variant ${name}: no ${main} (build it first)`);
    return {
      name,
      main: main ? resolve(main) : null,
      env: variant.env ?? {},
      flags: variant.flags ?? null,
      ownDatabase: variant.ownDatabase === true,
    };
  });
  if (new Set(specs.map((spec) => spec.name)).size < specs.length)
    throw new Error('two A/B variants share a name');
  return specs;
}
