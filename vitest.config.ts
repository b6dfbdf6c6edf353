import { defineConfig } from 'vitest/config';

// Tests run against the sources: each workspace package's `source` export condition points at
// src/. Node tests resolve in Vite's SSR environment: `resolve.conditions` alone would not reach them.
const conditions = ['source'];

const project = (name: string, root: string, extra: { testTimeout?: number; hookTimeout?: number } = {}) => ({
  ssr: { resolve: { conditions } },
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
