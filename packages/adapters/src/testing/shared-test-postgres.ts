import { isPostgresUrl } from '../postgres/database.js';
import { DEFAULT_TEST_POSTGRES_IMAGE, type StartedTestPostgres } from './postgres-test-container.js';
import type { ContainerReaper } from './container-reaper.js';

/** The label of the test databases on the run's PostgreSQL container. */
export const TESTCONTAINERS_LABEL = 'postgres (testcontainers)';

/** The key under which the global setup provides the container's URL to the test files. */
export const TESTCONTAINERS_URL_KEY = 'testcontainersPostgresUrl';

declare module 'vitest' {
  export interface ProvidedContext {
    [TESTCONTAINERS_URL_KEY]: string;
  }
}

export type SharedTestPostgresPlan =
  | {
      start: false;
      reason:
        'DATABASE_URL names a PostgreSQL server' | 'no Docker engine answers' | 'TEST_POSTGRES=embedded';
    }
  | { start: true; image: string; required: boolean };

type Env = Record<string, string | undefined>;

/**
 * TEST_POSTGRES: `container` (a PostgreSQL container, or the run fails), `embedded` (PGlite only,
 * Docker never asked), unset: a container when a Docker engine answers and can start one, else PGlite.
 */
export type TestPostgresMode = 'auto' | 'container' | 'embedded';

export function testPostgresMode(env: Env): TestPostgresMode {
  const value = env.TEST_POSTGRES?.trim();
  if (!value) return 'auto';
  if (value === 'container' || value === 'embedded') return value;
  throw new Error(`TEST_POSTGRES must be container or embedded (or unset), got "${value}"`);
}

/**
 * Whether the test run starts one PostgreSQL container for all its test files: not when
 * DATABASE_URL already names a server (the suites use that one), nor with TEST_POSTGRES=embedded,
 * nor when no Docker engine answers (the suites run on PGlite only; an error with
 * TEST_POSTGRES=container). `required`: a container that does not start fails the run.
 */
export async function planSharedTestPostgres(
  env: Env,
  dockerAnswers: () => Promise<boolean>,
): Promise<SharedTestPostgresPlan> {
  const mode = testPostgresMode(env);
  const url = env.DATABASE_URL?.trim();
  if (url && isPostgresUrl(url)) {
    if (mode !== 'auto') {
      throw new Error(
        `TEST_POSTGRES=${mode} and DATABASE_URL name two databases for the tests: unset one of them`,
      );
    }
    return { start: false, reason: 'DATABASE_URL names a PostgreSQL server' };
  }
  const image = testPostgresImage(env);
  if (mode === 'embedded') return { start: false, reason: 'TEST_POSTGRES=embedded' };
  if (!(await dockerAnswers())) {
    if (mode === 'container') {
      throw new Error(
        'TEST_POSTGRES=container, but no Docker engine answers (DOCKER_HOST, else /var/run/docker.sock)',
      );
    }
    return { start: false, reason: 'no Docker engine answers' };
  }
  return { start: true, image, required: mode === 'container' };
}

/** TEST_POSTGRES_IMAGE, or the official image when it is unset or blank. */
export function testPostgresImage(env: Env): string {
  const image = env.TEST_POSTGRES_IMAGE?.trim();
  if (!image) return DEFAULT_TEST_POSTGRES_IMAGE;
  if (/\s/.test(image)) {
    throw new Error(
      `TEST_POSTGRES_IMAGE must be one image reference such as postgres:17-alpine, got "${image}"`,
    );
  }
  return image;
}

export type SharedTestPostgresDeps = {
  env: Env;
  dockerAnswers: () => Promise<boolean>;
  start: (image: string, labels: Record<string, string>) => Promise<StartedTestPostgres>;
  /** Removes the containers carrying `label` (`key=value`) if this process ends without teardown. */
  reap: (label: string) => ContainerReaper;
  provide: (url: string) => void;
  log: (line: string) => void;
  /** Tells this run's container apart from another run's. */
  runId: string;
};

export const RUN_LABEL_KEY = 'accounts.test-run';

/**
 * The global setup's work: starts the run's container when the plan says so, hands its URL to
 * the test files, and answers the teardown that stops and removes it. The reaper is started
 * before the container, so that even a run interrupted while the container starts leaves none.
 */
export async function setUpSharedTestPostgres(deps: SharedTestPostgresDeps): Promise<() => Promise<void>> {
  const plan = await planSharedTestPostgres(deps.env, deps.dockerAnswers);
  if (!plan.start) return () => Promise.resolve();

  const reaper = deps.reap(`${RUN_LABEL_KEY}=${deps.runId}`);
  let started: StartedTestPostgres;
  try {
    started = await deps.start(plan.image, { [RUN_LABEL_KEY]: deps.runId });
  } catch (error) {
    // The reaper stays: it removes whatever was created once this process has ended.
    if (!plan.required) {
      deps.log(
        `Database tests run on the embedded database (PGlite) only: the Docker engine answers but could not ` +
          `start ${plan.image} (${firstLine(error)}); TEST_POSTGRES=container makes this an error`,
      );
      return () => Promise.resolve();
    }
    throw new Error(
      `Could not start PostgreSQL for the tests from the image ${plan.image} (TEST_POSTGRES_IMAGE): ` +
        'name an image this Docker engine has or can pull, set DATABASE_URL to use a server of your own, ' +
        'or unset TEST_POSTGRES to run on the embedded database when no container starts',
      { cause: error },
    );
  }
  deps.log(
    `Database tests also run on ${TESTCONTAINERS_LABEL}: one ${plan.image} container for the whole run`,
  );
  deps.provide(started.url);

  let stopping: Promise<void> | null = null;
  return () => {
    // If stopping fails, the reaper is left to remove the container once the run has ended.
    stopping ??= started.stop().then(() => reaper.stop());
    return stopping;
  };
}

/** The first line of an error's message, for a one-line notice. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim().split('\n', 1)[0] ?? '';
}
