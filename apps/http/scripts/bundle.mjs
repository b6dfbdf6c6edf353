// `pnpm build`'s bundle step (scripts/build.mjs): the server as one file, dist/main.js (what the
// image and `pnpm start` run), and the CLI as another, dist/cli.js (the `accounts` bin, what
// `pnpm cli` runs), bundled by esbuild from the compiled dist/server.js and dist/accounts-cli.js,
// because loading the dependencies' many module files was most of every start (docs/performance.md).
// The unbundled dist/server.js and dist/accounts-cli.js still run; the packages' own dist/ are
// untouched for embedders.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const appDir = fileURLToPath(new URL('../', import.meta.url));

/** @type {import('esbuild').BuildOptions} */
const options = {
  absWorkingDir: appDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Packages that read files beside their own modules (argon2's native binding, PGlite's WASM and
  // data, the docs page's assets; piscina starts its own worker.js by its path) or are loaded by name
  // at run time (otplib; ioredis only with REDIS_URL) stay in node_modules: apps/http lists each as
  // a dependency of its own.
  external: ['argon2', '@electric-sql/pglite', '@fastify/swagger-ui', 'ioredis', 'otplib', 'piscina'],
  logLevel: 'warning',
  metafile: true,
  write: false,
};

/**
 * Paths of a metafile (relative to apps/http) as paths relative to `root`, `/`-separated.
 * @param {string} root
 * @param {Iterable<string>} paths
 */
const fromRoot = (root, paths) =>
  [...paths].map((path) => relative(root, resolve(appDir, path)).split('\\').join('/'));

/**
 * Bundles dist/main.js, dist/cli.js and the QR worker beside them; answers every file it read
 * (esbuild's metafile: the compiled sources and the packages' files) and wrote, relative to `root`.
 * @param {string} root
 * @returns {Promise<string[]>}
 */
export async function bundle(root) {
  const { outputFiles, metafile } = await build({
    ...options,
    entryPoints: {
      main: 'dist/server.js',
      cli: 'dist/accounts-cli.js',
      // The QR renderer starts `new URL('./qrcode-worker.js', import.meta.url)`: beside main.js.
      'qrcode-worker': '../../packages/adapters/dist/qr/qrcode-worker.js',
    },
    outdir: 'dist',
    // Names kept (plugins and errors are known by them); the map leads stack traces back to the
    // TypeScript sources under --enable-source-maps, as the image and `pnpm start` run it.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    sourcemap: 'linked',
    sourcesContent: false,
    // esbuild's documented way for bundled CommonJS packages to reach `require` from an ES module.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  });

  // Tests build before they start the server, several at once: a file is replaced whole (rename) and
  // only when it changed, so no process ever reads a half-written main.js.
  for (const { path, contents } of outputFiles ?? []) {
    let current;
    try {
      current = readFileSync(path);
    } catch {
      current = null;
    }
    if (current !== null && Buffer.compare(current, contents) === 0) continue;
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  }
  const inputs = fromRoot(root, Object.keys(metafile?.inputs ?? {}));
  return [
    ...inputs,
    // esbuild reads the compiled modules' source maps too, to lead its own back to the sources.
    ...inputs
      .filter((input) => !input.includes('node_modules/') && existsSync(join(root, `${input}.map`)))
      .map((input) => `${input}.map`),
    ...fromRoot(root, Object.keys(metafile?.outputs ?? {})),
  ];
}

/**
 * Every file a compiled module of apps/http loads, relative to `root`, as esbuild finds them for the
 * bundle (nothing is written): what a step that runs that module depends on.
 * @param {string} root
 * @param {string} entry relative to apps/http, e.g. dist/compile-serializers.js
 * @returns {Promise<string[]>}
 */
export async function moduleGraph(root, entry) {
  const { metafile } = await build({ ...options, entryPoints: [entry], outdir: 'dist' });
  return fromRoot(root, Object.keys(metafile?.inputs ?? {}));
}
