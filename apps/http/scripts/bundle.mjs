// `pnpm build`'s last step: the server as one file, dist/main.js (what the image and `pnpm start`
// run), bundled by esbuild from the compiled dist/server.js, because loading the dependencies'
// many module files was most of every start (docs/performance.md). The unbundled dist/server.js
// still runs; the packages' own dist/ are untouched for embedders.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const appDir = fileURLToPath(new URL('../', import.meta.url));

const { outputFiles } = await build({
  absWorkingDir: appDir,
  entryPoints: {
    main: 'dist/server.js',
    // The QR renderer starts `new URL('./qrcode-worker.js', import.meta.url)`: beside main.js.
    'qrcode-worker': '../../packages/adapters/dist/qr/qrcode-worker.js',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Packages that read files beside their own modules (argon2's native binding, PGlite's WASM and
  // data, the docs page's assets; piscina starts its own worker.js by its path) or are loaded by name
  // at run time (otplib; ioredis only with REDIS_URL) stay in node_modules: apps/http lists each as
  // a dependency of its own.
  external: ['argon2', '@electric-sql/pglite', '@fastify/swagger-ui', 'ioredis', 'otplib', 'piscina'],
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
  logLevel: 'warning',
  write: false,
});

// Tests build before they start the server, several at once: a file is replaced whole (rename) and
// only when it changed, so no process ever reads a half-written main.js.
for (const { path, contents } of outputFiles) {
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
