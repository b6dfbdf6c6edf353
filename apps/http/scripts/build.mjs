// `pnpm build`, `pnpm start` and `pnpm cli` build through this: the TypeScript projects (tsc -b),
// the server's response serializers (dist/compile-serializers.js) and the bundles (bundle.mjs), each
// step only when a file it read or wrote changed since it last ran (lib/up-to-date.mjs), so that a
// start or a CLI call with nothing changed does not load the compiler, compile the serializers or
// bundle again. On a fresh clone (no record) every step runs: `pnpm build` is the full build.
//   node apps/http/scripts/build.mjs       everything `pnpm build` makes (the image's and CI's build)
//   node apps/http/scripts/build.mjs cli   what `pnpm cli` runs: apps/http and its packages, dist/cli.js
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder, runSteps } from './lib/up-to-date.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The packages' versions (the compiler's, esbuild's, Fastify's...): what node_modules holds.
const LOCKFILE = 'pnpm-lock.yaml';

/**
 * What `tsc -b` builds: the tsconfig it is given and every project it reaches by references
 * (test/incremental-build.test.ts checks these lists against TypeScript's reading of the tsconfigs).
 */
export const COMPILES = {
  workspace: {
    tsconfig: 'tsconfig.build.json',
    projects: [
      'packages/domain',
      'packages/application',
      'packages/adapters',
      'apps/http',
      'packages/client',
    ],
  },
  http: {
    tsconfig: 'apps/http/tsconfig.json',
    projects: ['packages/domain', 'packages/application', 'packages/adapters', 'apps/http'],
  },
};

/**
 * The files a `tsc -b` reads and writes, as far as its up-to-date check goes: the configurations,
 * every file under each project's src/ (each includes exactly its src/), the lockfile (the compiler
 * and the types in node_modules) and each project's .tsbuildinfo, the compiler's own record, which
 * changes whenever any `tsc -b` (`pnpm typecheck`, an editor's) emitted something.
 * @param {string} root
 * @param {{ tsconfig: string; projects: readonly string[] }} compile
 * @returns {string[]}
 */
export function compileFiles(root, compile) {
  return [
    compile.tsconfig,
    'tsconfig.base.json',
    LOCKFILE,
    ...compile.projects.flatMap((project) => [
      `${project}/tsconfig.json`,
      `${project}/package.json`,
      ...filesUnder(root, `${project}/src`),
    ]),
    // Last, so that a note names the source that changed rather than the compiler's record of it.
    ...compile.projects.map((project) => `${project}/dist/.tsbuildinfo`),
  ];
}

class StepFailed extends Error {}

/**
 * Runs a Node.js script to its end, its output on ours.
 * @param {string[]} args
 */
function node(args) {
  const { status, signal } = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) throw new StepFailed(`${args.join(' ')} exited with ${signal ?? String(status)}`);
}

// esbuild is loaded only when a step needs it: a build with nothing to do does not pay for it.
const loadBundler = () => import('./bundle.mjs');

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * @param {string} root
 * @param {keyof typeof COMPILES} which
 * @returns {import('./lib/up-to-date.mjs').BuildStep}
 */
const compileStep = (root, which) => ({
  name: `tsc -b ${COMPILES[which].tsconfig}`,
  record: `apps/http/dist/.build-compile-${which}.json`,
  files: () => compileFiles(root, COMPILES[which]),
  run: () => {
    node([tsc, '-b', join(root, COMPILES[which].tsconfig)]);
    return compileFiles(root, COMPILES[which]);
  },
});

/**
 * The response serializers: they depend on every module the compiling script loads (the routes and
 * their schemas among them), which esbuild lists, and on the packages' versions.
 * @param {string} root
 * @returns {import('./lib/up-to-date.mjs').BuildStep}
 */
const serializersStep = (root) => ({
  name: 'response serializers',
  record: 'apps/http/dist/.build-serializers.json',
  files: (record) => Object.keys(record?.files ?? {}),
  run: async () => {
    node(['apps/http/dist/compile-serializers.js']);
    const { moduleGraph } = await loadBundler();
    return [
      LOCKFILE,
      ...(await moduleGraph(root, 'dist/compile-serializers.js')),
      ...filesUnder(root, 'apps/http/dist/serializers'),
    ];
  },
});

/**
 * dist/main.js and dist/cli.js: esbuild's metafile lists every file they were made of.
 * @param {string} root
 * @returns {import('./lib/up-to-date.mjs').BuildStep}
 */
const bundleStep = (root) => ({
  name: 'bundle',
  record: 'apps/http/dist/.build-bundle.json',
  files: (record) => Object.keys(record?.files ?? {}),
  run: async () => {
    const { bundle } = await loadBundler();
    return [LOCKFILE, 'apps/http/scripts/bundle.mjs', ...(await bundle(root))];
  },
});

/**
 * The steps of each target, in order.
 * @param {string} root
 */
const TARGETS = (root) => ({
  build: [compileStep(root, 'workspace'), serializersStep(root), bundleStep(root)],
  cli: [compileStep(root, 'http'), bundleStep(root)],
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = process.argv[2] ?? 'build';
  const targets = TARGETS(ROOT);
  if (!(name === 'build' || name === 'cli')) {
    process.stderr.write(`build.mjs: unknown target "${name}" (build or cli)\n`);
    process.exit(2);
  }
  try {
    await runSteps(ROOT, targets[name], (line) => process.stderr.write(`build: ${line}\n`));
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    process.stderr.write(`build: ${error.message}\n`);
    process.exit(1);
  }
}
