import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { lowerThreadPoolPriority } from './thread-pool-priority.js';

/** What the service reports about its password checks' bound (createService's `passwordChecks`). */
type PasswordChecks = { threadPool: number; concurrency: number; queue: number };

/**
 * The process-level tuning a started service opts into, and a log line of what it runs with.
 * Tuning read before any code runs (V8 and allocator flags, UV_THREADPOOL_SIZE) is not here: the
 * image passes it to Node and glibc (Dockerfile, docs/operations.md).
 */
export async function tuneRuntime(
  options: { threadPoolNiceness: number | null; passwordChecks: PasswordChecks },
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const { threadPool, concurrency, queue } = options.passwordChecks;
  const lowered =
    options.threadPoolNiceness === null
      ? 0
      : await lowerThreadPoolPriority(threadPool, options.threadPoolNiceness);
  logger.info(
    {
      threadPool,
      threadPoolPriorityLowered: lowered,
      passwordChecksAtOnce: concurrency,
      passwordChecksWaiting: queue,
    },
    'Password checks bounded',
  );
  if (concurrency < availableParallelism() && !env.ARGON2_CONCURRENCY) {
    logger.info(
      `${availableParallelism()} CPUs: start with UV_THREADPOOL_SIZE=${availableParallelism() + 1} to check passwords on all of them`,
    );
  }
}
