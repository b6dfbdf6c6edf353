import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { RequestLine } from '../src/request-line.js';

describe('the request line', () => {
  it('is the line pino writes for the same fields, key for key and in the same order', () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const fields = {
      reqId: 'a-b.c:1',
      method: 'GET',
      route: '/api/user/custom-domain',
      statusCode: 200,
      responseTimeMs: 1.3,
    };
    logger.info(fields, 'request completed');
    new RequestLine(logger).write(fields);
    const [fromPino = '', fromTemplate = ''] = lines;
    const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(fromTemplate)).toBe(withoutTime(fromPino));
    expect(JSON.parse(fromTemplate)).toMatchObject({ level: 30, service: 'account-service', ...fields });
  });

  it('escapes what it writes', () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(line) },
    });
    new RequestLine(logger).write({
      reqId: 'x"y',
      method: 'GET',
      route: 'un"known',
      statusCode: 404,
      responseTimeMs: 0,
    });
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ reqId: 'x"y', route: 'un"known' });
  });
});
