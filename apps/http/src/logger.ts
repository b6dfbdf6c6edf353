import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.js';
import { turnBatchedStdout } from './runtime/turn-batched-stdout.js';

/**
 * Never in a log, at any level: the Authorization and Cookie headers, passwords, verification and
 * backup codes, TOTP secrets, QR codes, tokens. Fastify logs no bodies or headers by default; the
 * redaction is a second line for anything that passes such a field to the logger.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  'password',
  'verificationCode',
  'secret',
  'token',
  'qrCode',
  'backupCodes',
  '*.password',
  '*.verificationCode',
  '*.secret',
  '*.token',
  '*.qrCode',
  '*.backupCodes',
];

export function createLogger(options: { level: LogLevel; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      base: { service: 'account-service' },
    },
    options.destination ?? turnBatchedStdout(),
  );
}
