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
  it('logs the password checks bound the service runs with', () => {
    const { logger, lines } = recordingLogger();
    tuneRuntime({ passwordChecks }, logger, { ARGON2_CONCURRENCY: '3' });
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'Password checks bounded',
        threadPool: 4,
        passwordChecksAtOnce: 3,
        passwordChecksWaiting: 24,
      }),
    ]);
  });
});
