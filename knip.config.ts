import type { KnipConfig } from 'knip';

// `pnpm knip` (part of `pnpm lint`): unused files, exports and dependencies. Entries are what runs
// or is imported from outside: each package's `exports` (the `source` condition names the
// TypeScript file), the CLI's `bin`, the server, the benchmark scripts, the example, the tests.
const config: KnipConfig = {
  workspaces: {
    '.': {},
    'apps/http': {
      entry: [
        'src/server.ts',
        // The `accounts` bin is dist/cli.js, bundled from this one (scripts/bundle.mjs).
        'src/accounts-cli.ts',
        'scripts/*.mjs',
        'src/config-docs.ts',
        'src/compile-serializers.ts',
        'bench/*.mjs',
      ],
      // Required by the serializers `pnpm build` compiles into dist/serializers (precompiled-serializers.ts),
      // and by dist/main.js for the packages the bundle leaves out (scripts/bundle.mjs).
      ignoreDependencies: ['fast-json-stringify', '@electric-sql/pglite', 'argon2', 'otplib', 'piscina'],
      // Its exports (accountsApi, buildApp) are API for hosts that mount it, used here or not.
    },
    // The domain's index serves the other packages only: an export none of them uses is dead.
    'packages/domain': { includeEntryExports: true },
    // application, adapters (README, "Embedding the use cases") and client are libraries: their
    // public exports are API whether this repository uses them or not.
    'packages/application': {},
    'packages/adapters': { entry: ['examples/*.ts'] },
    'packages/client': {},
  },
  // The consumer check's programs: compiled and run in a project of their own (scripts/consumer-check.sh).
  ignore: ['scripts/consumer/**'],
  // Started by the Redis tests when REDIS_URL is unset and the binary is installed; valgrind's tools by
  // `pnpm bench:instructions` (Debian's valgrind package).
  ignoreBinaries: ['redis-server', 'callgrind_control', 'callgrind_annotate'],
};

export default config;
