import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/logger.js';
import { lazyRequestLogger } from '../src/request-logger.js';

function capture(level: 'info' | 'debug' = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level,
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

describe("a request's logger", () => {
  it('makes no pino child until it writes a line, then writes with the request id and the redaction', () => {
    const { logger, lines } = capture();
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'r-1' }, {});
    log.debug('not at this level');
    expect(child).not.toHaveBeenCalled();

    log.info({ password: 'hunter2', code: 'X' }, 'Request refused');
    log.error('Unexpected error');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 30, reqId: 'r-1', password: '[Redacted]', code: 'X', msg: 'Request refused' },
      { level: 50, reqId: 'r-1', msg: 'Unexpected error' },
    ]);
  });

  it("keeps the route's level: a probe at warn writes no info line", () => {
    const { logger, lines } = capture('debug');
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- the lazy logger stands in for a pino child
    const log = lazyRequestLogger(logger, { reqId: 'r-2' }, { level: 'warn' }) as Logger;
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('warn')).toBe(true);
    log.info('dropped');
    log.warn('Readiness check failed');
    expect(lines.map((line) => line.msg)).toEqual(['Readiness check failed']);
    expect(log.level).toBe('warn');
  });
});
