import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/service-config.js';

/** Values never written to a log, at any level, wherever the service's log calls could carry them. */
const SECRET_KEYS = ['password', 'verificationCode', 'secret', 'token', 'qrCode', 'backupCodes'];

/**
 * Never in a log: the Authorization and Cookie headers, passwords, verification and backup codes,
 * TOTP secrets, QR codes, tokens. Fastify logs no bodies or headers by default; the redaction is a
 * second line for anything passed to the logger at the top of a line, in an error or in a body.
 * Each place is named: pino runs `*.password`-style paths against every field of every line, and
 * @pinojs/redact parses them anew each time (docs/performance.md).
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `err.${key}`),
  ...SECRET_KEYS.map((key) => `body.${key}`),
];

export function createLogger(options: { level: LogLevel; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      base: { service: 'account-service' },
    },
    options.destination,
  );
}

/**
 * Fastify's own request logging, one line per request instead of two: no "incoming request"
 * line, and "request completed" with the route template (never the raw URL), status and time,
 * written through the request's logger (its request id, its route's level, the redaction).
 */
export class RequestLog extends LogController {
  constructor() {
    super({ disableRequestLogging: false });
  }

  override incomingRequest(): void {
    // The completed line below says all a request line needs.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields = {
      method: request.method,
      route: request.routeOptions.url ?? 'unknown',
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...fields, err: error }, 'request errored');
    else request.log.info(fields, 'request completed');
  }
}
