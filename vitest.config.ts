import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the sources: workspace packages resolve to src/, not to a build.
const alias = [
  {
    find: /^@accounts\/application\/testing$/,
    replacement: src('./packages/application/src/testing/index.ts'),
  },
  { find: /^@accounts\/application$/, replacement: src('./packages/application/src/index.ts') },
  { find: /^@accounts\/domain$/, replacement: src('./packages/domain/src/index.ts') },
  { find: /^@accounts\/adapters\/testing$/, replacement: src('./packages/adapters/src/testing/index.ts') },
  { find: /^@accounts\/adapters$/, replacement: src('./packages/adapters/src/index.ts') },
];

const project = (name: string, root: string, extra: { testTimeout?: number; hookTimeout?: number } = {}) => ({
  resolve: { alias },
  test: { name, root, include: ['test/**/*.test.ts'], ...extra },
});

export default defineConfig({
  test: {
    projects: [
      project('domain', './packages/domain'),
      project('application', './packages/application'),
      project('adapters', './packages/adapters', { testTimeout: 30_000, hookTimeout: 120_000 }),
      project('http', './apps/http', { testTimeout: 30_000, hookTimeout: 120_000 }),
    ],
  },
});
