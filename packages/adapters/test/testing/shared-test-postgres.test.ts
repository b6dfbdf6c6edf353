import {
  DEFAULT_TEST_POSTGRES_IMAGE,
  planSharedTestPostgres,
  RUN_LABEL_KEY,
  setUpSharedTestPostgres,
  testPostgresMode,
  type SharedTestPostgresDeps,
} from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';

const answers = (value: boolean) => () => Promise.resolve(value);
const neverAsked = () => Promise.reject(new Error('Docker should not be probed'));

describe('planSharedTestPostgres', () => {
  it.each([
    ['postgres://u@db:5432/app', 'DATABASE_URL names a PostgreSQL server'],
    ['postgresql://u@db/app', 'DATABASE_URL names a PostgreSQL server'],
  ])('starts nothing and asks no Docker engine when DATABASE_URL is %s', async (url, reason) => {
    expect(await planSharedTestPostgres({ DATABASE_URL: url }, neverAsked)).toEqual({ start: false, reason });
  });

  it('starts nothing when no Docker engine answers: the suites run on PGlite only', async () => {
    expect(await planSharedTestPostgres({}, answers(false))).toEqual({
      start: false,
      reason: 'no Docker engine answers',
    });
  });

  it.each([
    [{}, DEFAULT_TEST_POSTGRES_IMAGE],
    [{ DATABASE_URL: 'pglite://memory' }, DEFAULT_TEST_POSTGRES_IMAGE],
    [{ DATABASE_URL: '  ' }, DEFAULT_TEST_POSTGRES_IMAGE],
    [{ TEST_POSTGRES_IMAGE: '' }, DEFAULT_TEST_POSTGRES_IMAGE],
    [{ TEST_POSTGRES_IMAGE: ' accounts-base/postgres:15-bookworm ' }, 'accounts-base/postgres:15-bookworm'],
  ])('starts a container when Docker answers and %j names no server', async (env, image) => {
    expect(await planSharedTestPostgres(env, answers(true))).toEqual({ start: true, image, required: false });
  });

  it('with TEST_POSTGRES=container, requires the container, and fails when no Docker engine answers', async () => {
    const env = { TEST_POSTGRES: 'container' };
    expect(await planSharedTestPostgres(env, answers(true))).toEqual({
      start: true,
      image: DEFAULT_TEST_POSTGRES_IMAGE,
      required: true,
    });
    await expect(planSharedTestPostgres(env, answers(false))).rejects.toThrow(
      /TEST_POSTGRES=container, but no Docker engine answers/,
    );
  });

  it('with TEST_POSTGRES=embedded, starts nothing and asks no Docker engine', async () => {
    expect(await planSharedTestPostgres({ TEST_POSTGRES: ' embedded ' }, neverAsked)).toEqual({
      start: false,
      reason: 'TEST_POSTGRES=embedded',
    });
  });

  it.each(['container', 'embedded'])(
    'refuses TEST_POSTGRES=%s beside a DATABASE_URL that names a server',
    async (mode) => {
      await expect(
        planSharedTestPostgres({ TEST_POSTGRES: mode, DATABASE_URL: 'postgres://u@db/app' }, neverAsked),
      ).rejects.toThrow(`TEST_POSTGRES=${mode} and DATABASE_URL name two databases for the tests`);
    },
  );

  it.each([
    [{}, 'auto'],
    [{ TEST_POSTGRES: ' ' }, 'auto'],
    [{ TEST_POSTGRES: 'container' }, 'container'],
    [{ TEST_POSTGRES: 'embedded' }, 'embedded'],
  ])('reads TEST_POSTGRES from %j as %s', (env, mode) => {
    expect(testPostgresMode(env)).toBe(mode);
  });

  it('rejects any other TEST_POSTGRES, naming it', () => {
    expect(() => testPostgresMode({ TEST_POSTGRES: 'docker' })).toThrow(
      'TEST_POSTGRES must be container or embedded (or unset), got "docker"',
    );
  });

  it('defaults to the official image users pull', () => {
    expect(DEFAULT_TEST_POSTGRES_IMAGE).toBe('postgres:17-alpine');
  });

  it('rejects a TEST_POSTGRES_IMAGE that is not one image reference, Docker or not', async () => {
    for (const docker of [true, false]) {
      await expect(
        planSharedTestPostgres({ TEST_POSTGRES_IMAGE: 'postgres:17 --privileged' }, answers(docker)),
      ).rejects.toThrow(/TEST_POSTGRES_IMAGE must be one image reference.*"postgres:17 --privileged"/);
    }
  });
});

/** The global setup's collaborators, recording what happened to them in order. */
function recording(overrides: Partial<SharedTestPostgresDeps> = {}) {
  const events: string[] = [];
  const deps: SharedTestPostgresDeps = {
    env: { TEST_POSTGRES_IMAGE: 'local/postgres:15' },
    dockerAnswers: answers(true),
    start(image, labels) {
      events.push(`start ${image} ${JSON.stringify(labels)}`);
      return Promise.resolve({
        url: 'postgres://test:test@localhost:32768/test',
        stop() {
          events.push('stop container');
          return Promise.resolve();
        },
      });
    },
    reap(label) {
      events.push(`reaper for ${label}`);
      return { pid: 1, stop: () => events.push('stop reaper') };
    },
    provide: (url) => events.push(`provide ${url}`),
    log: () => undefined,
    runId: 'run-1',
    ...overrides,
  };
  return { deps, events };
}

describe('setUpSharedTestPostgres', () => {
  it('watches the run label, starts one labelled container, provides its URL, and removes it at teardown', async () => {
    const { deps, events } = recording();
    const teardown = await setUpSharedTestPostgres(deps);
    expect(events).toEqual([
      `reaper for ${RUN_LABEL_KEY}=run-1`,
      `start local/postgres:15 {"${RUN_LABEL_KEY}":"run-1"}`,
      'provide postgres://test:test@localhost:32768/test',
    ]);

    await Promise.all([teardown(), teardown()]);
    await teardown();
    expect(events.slice(3)).toEqual(['stop container', 'stop reaper']);
  });

  it('starts nothing, watches nothing and provides nothing when the plan says no container', async () => {
    for (const overrides of [
      { dockerAnswers: answers(false) },
      { env: { DATABASE_URL: 'postgres://u@db/app' } },
      { env: { TEST_POSTGRES: 'embedded' } },
    ]) {
      const { deps, events } = recording(overrides);
      await (
        await setUpSharedTestPostgres(deps)
      )();
      expect(events).toEqual([]);
    }
  });

  it('falls back to the embedded database in one line when the container does not start, the reaper left to clean up', async () => {
    const lines: string[] = [];
    const { deps, events } = recording({
      start: () => Promise.reject(new Error('pull access denied for local/postgres\nmore detail')),
      log: (line) => lines.push(line),
    });
    const teardown = await setUpSharedTestPostgres(deps);
    expect(lines).toEqual([
      'Database tests run on the embedded database (PGlite) only: the Docker engine answers but could not start ' +
        'local/postgres:15 (pull access denied for local/postgres); TEST_POSTGRES=container makes this an error',
    ]);
    await teardown();
    expect(events).toEqual([`reaper for ${RUN_LABEL_KEY}=run-1`]);
  });

  it('with TEST_POSTGRES=container, names the image when the container does not start, and leaves the reaper to clean up after the run', async () => {
    const { deps, events } = recording({
      env: { TEST_POSTGRES_IMAGE: 'local/postgres:15', TEST_POSTGRES: 'container' },
      start: () => Promise.reject(new Error('pull access denied for local/postgres')),
    });
    const failure = setUpSharedTestPostgres(deps);
    await expect(failure).rejects.toThrow(
      /Could not start PostgreSQL for the tests from the image local\/postgres:15 \(TEST_POSTGRES_IMAGE\)/,
    );
    await expect(failure).rejects.toHaveProperty('cause.message', 'pull access denied for local/postgres');
    expect(events).toEqual([`reaper for ${RUN_LABEL_KEY}=run-1`]);
  });

  it('keeps the reaper when stopping the container fails, so it is removed once the run has ended', async () => {
    const { deps, events } = recording({
      start: () =>
        Promise.resolve({ url: 'postgres://x', stop: () => Promise.reject(new Error('engine went away')) }),
    });
    const teardown = await setUpSharedTestPostgres(deps);
    await expect(teardown()).rejects.toThrow('engine went away');
    expect(events).not.toContain('stop reaper');
  });
});
