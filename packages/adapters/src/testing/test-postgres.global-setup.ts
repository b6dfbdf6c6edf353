import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startContainerReaper } from './container-reaper.js';
import { dockerAvailable, dockerEndpoint } from './docker-probe.js';
import { startPostgresTestContainer } from './postgres-test-container.js';
import { setUpSharedTestPostgres, TESTCONTAINERS_URL_KEY } from './shared-test-postgres.js';

/**
 * Vitest global setup (the root vitest.config.ts): one PostgreSQL container for the whole run when
 * DATABASE_URL names no server and a Docker engine answers; each test file creates and drops its
 * own database on it. Returns the teardown that removes it.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return setUpSharedTestPostgres({
    env: process.env,
    dockerAnswers: () => dockerAvailable(),
    start: startPostgresTestContainer,
    reap(label) {
      const endpoint = dockerEndpoint();
      if (!endpoint) throw new Error('no Docker endpoint to watch the test container through');
      return startContainerReaper({ endpoint, label });
    },
    provide: (url) => project.provide(TESTCONTAINERS_URL_KEY, url),
    log: (line) => console.info(line),
    runId: `${process.pid}-${randomBytes(4).toString('hex')}`,
  });
}
