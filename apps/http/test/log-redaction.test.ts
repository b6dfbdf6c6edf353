import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logging.js';

function logged(log: (logger: ReturnType<typeof createLogger>) => void): Record<string, unknown> {
  const lines: string[] = [];
  log(createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } }));
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

const SECRET_KEYS = ['password', 'verificationCode', 'secret', 'token', 'qrCode', 'backupCodes'];

describe('the logger', () => {
  it.each(SECRET_KEYS)('censors %s at the top of a line, in an error and in a body', (key) => {
    const error = Object.assign(new Error('failed'), { [key]: 'leaked-value' });
    const line = logged((logger) => {
      logger.info({ [key]: 'leaked-value', err: error, body: { [key]: 'leaked-value', kept: 1 } }, 'x');
    });
    expect(JSON.stringify(line)).not.toContain('leaked-value');
    expect(line[key]).toBe('[Redacted]');
    expect(line.err).toMatchObject({ message: 'failed', [key]: '[Redacted]' });
    expect(line.body).toEqual({ [key]: '[Redacted]', kept: 1 });
  });

  it('censors the Authorization and Cookie headers, alone or in a request', () => {
    const headers = { authorization: 'Bearer leaked-value', cookie: 'sid=leaked-value', accept: '*/*' };
    const line = logged((logger) => {
      logger.info({ headers, req: { headers }, authorization: 'leaked-value', cookie: 'leaked-value' }, 'x');
    });
    expect(JSON.stringify(line)).not.toContain('leaked-value');
    const censored = { authorization: '[Redacted]', cookie: '[Redacted]', accept: '*/*' };
    expect(line).toMatchObject({ headers: censored, req: { headers: censored } });
  });

  it('leaves the fields of a request line as they are', () => {
    const fields = { method: 'GET', route: '/api/user/custom-domain', statusCode: 200, responseTimeMs: 1.5 };
    expect(logged((logger) => logger.info(fields, 'request completed'))).toMatchObject(fields);
  });
});
