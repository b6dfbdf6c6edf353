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
  | { start: false; reason: 'DATABASE_URL names a PostgreSQL server' | 'no Docker engine answers' }
  | { start: true; image: string };

type Env = Record<string, string | undefined>;

/**
 * Whether the test run starts one PostgreSQL container for all its test files: not when
 * DATABASE_URL already names a server (the suites use that one), nor when no Docker engine
 * answers (the suites run on PGlite only).
 */
export async function planSharedTestPostgres(
  env: Env,
  dockerAnswers: () => Promise<boolean>,
): Promise<SharedTestPostgresPlan> {
  const url = env.DATABASE_URL?.trim();
  if (url && isPostgresUrl(url)) return { start: false, reason: 'DATABASE_URL names a PostgreSQL server' };
  const image = testPostgresImage(env);
  if (!(await dockerAnswers())) return { start: false, reason: 'no Docker engine answers' };
  return { start: true, image };
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
    throw new Error(
      `Could not start PostgreSQL for the tests from the image ${plan.image} (TEST_POSTGRES_IMAGE): ` +
        'name an image this Docker engine has or can pull, set DATABASE_URL to use a server of your own, ' +
        'or stop the engine to run on the embedded database only',
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
