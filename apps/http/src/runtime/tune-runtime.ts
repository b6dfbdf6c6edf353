import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';

/** What the service reports about its password checks' bound (createService's `passwordChecks`). */
type PasswordChecks = { threadPool: number; concurrency: number; queue: number };

/**
 * A log line of the password checks' bound a started service runs with, and a hint when it leaves
 * CPUs idle. Tuning read before any code runs (allocator and heap options, UV_THREADPOOL_SIZE) is
 * not here: the image passes it to Node and glibc (Dockerfile, docs/operations.md).
 */
export function tuneRuntime(
  options: { passwordChecks: PasswordChecks },
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const { threadPool, concurrency, queue } = options.passwordChecks;
  logger.info(
    { threadPool, passwordChecksAtOnce: concurrency, passwordChecksWaiting: queue },
    'Password checks bounded',
  );
  if (concurrency < availableParallelism() && !env.ARGON2_CONCURRENCY) {
    logger.info(
      `${availableParallelism()} CPUs: start with UV_THREADPOOL_SIZE=${availableParallelism() + 1} to check passwords on all of them`,
    );
  }
}
