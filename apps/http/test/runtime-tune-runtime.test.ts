import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { tuneRuntime } from '../src/runtime/tune-runtime.js';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

const passwordChecks = { threadPool: 4, concurrency: 3, queue: 24 };

describe('runtime tuning', () => {
  it('leaves the thread pool at the loop priority unless THREAD_POOL_NICENESS opts in', async () => {
    const { logger, lines } = recordingLogger();
    await tuneRuntime({ threadPoolNiceness: null, passwordChecks }, logger, { ARGON2_CONCURRENCY: '3' });
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'Password checks bounded',
        threadPoolPriorityLowered: 0,
        threadPool: 4,
      }),
    ]);
  });

  it.runIf(process.platform === 'linux')('lowers the pool threads when it opts in', async () => {
    const { logger, lines } = recordingLogger();
    await tuneRuntime({ threadPoolNiceness: 1, passwordChecks }, logger, { ARGON2_CONCURRENCY: '3' });
    expect(lines[0]?.threadPoolPriorityLowered).toBeGreaterThanOrEqual(1);
  });
});
