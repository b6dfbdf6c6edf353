import {
  BILLING_DEFAULTS,
  DEFAULT_DNS_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  defaultBillingApiUrl,
  IN_MEMORY_URL,
  isEncryptionKey,
  isPostgresUrl,
  isWebhookSecret,
  MIN_WEBHOOK_SECRET_BYTES,
  parseDnsServer,
} from '@accounts/adapters';
import {
  DEFAULT_DELIVERY_POLICY,
  DEFAULT_DOMAIN_VERIFICATION_POLICY,
  DEFAULT_FAILURE_LIMIT,
} from '@accounts/domain';
import type { CliConfig, Config } from '../config.js';
import { ConfigError } from './config-error.js';
import {
  httpUrl,
  integer,
  optional,
  parseBillingServer,
  parseBoolean,
  parseLogLevel,
  parseOrigins,
  parseRedisUrl,
  parseTrustProxy,
  reader,
  splitList,
  type Env,
  type Read,
} from './env-parsers.js';
import { publicKey, secretKey, type JwtKey } from './jwt-key.js';

/** Reads and validates every variable; throws a ConfigError naming the first bad one. */
export function loadConfig(env: Env = process.env): Config {
  const read = reader(env);
  const databaseUrl = optional(read, 'DATABASE_URL', parseDatabaseUrl);
  const key = readJwtKey(read);
  const devMode = key === null && databaseUrl === null;
  if (key === null && !devMode) {
    throw new ConfigError('JWT_SECRET', 'or JWT_PUBLIC_KEY is required when DATABASE_URL is set');
  }

  const billingServer = optional(read, 'BILLING_SERVER', parseBillingServer) ?? 'production';

  return {
    devMode,
    port: optional(read, 'PORT', integer({ min: 0, max: 65535 })) ?? 3000,
    host: read('HOST') ?? '127.0.0.1',
    databaseUrl,
    databaseStatementTimeoutMs: readStatementTimeout(read),
    jwt: { key, issuer: read('JWT_ISSUER'), audience: read('JWT_AUDIENCE') },
    billing: {
      accessToken: read('BILLING_ACCESS_TOKEN'),
      server: billingServer,
      apiUrl: optional(read, 'BILLING_API_URL', httpUrl) ?? defaultBillingApiUrl(billingServer),
      portalUrl: optional(read, 'BILLING_PORTAL_URL', httpUrl) ?? BILLING_DEFAULTS.portalUrl,
      timeoutMs: optional(read, 'BILLING_TIMEOUT_MS', integer({ min: 1, max: 120_000 })) ?? 5000,
    },
    rateLimit: {
      max: optional(read, 'RATE_LIMIT_MAX', integer({ min: 1, max: 1_000_000 })) ?? 60,
      windowMs: optional(read, 'RATE_LIMIT_WINDOW_MS', integer({ min: 1, max: 86_400_000 })) ?? 60_000,
      redisUrl: optional(read, 'REDIS_URL', parseRedisUrl),
    },
    corsOrigins: optional(read, 'CORS_ORIGINS', parseOrigins),
    trustProxy: optional(read, 'TRUST_PROXY', parseTrustProxy) ?? false,
    logLevel: optional(read, 'LOG_LEVEL', parseLogLevel) ?? 'info',
    appName: read('APP_NAME') ?? 'Account Service',
    failureLimit: {
      maxFailures:
        optional(read, 'AUTH_MAX_FAILURES', integer({ min: 1, max: 1000 })) ??
        DEFAULT_FAILURE_LIMIT.maxFailures,
      windowMs:
        optional(read, 'AUTH_FAILURE_WINDOW_MS', integer({ min: 1000, max: 86_400_000 })) ??
        DEFAULT_FAILURE_LIMIT.windowMs,
      maxAccountFailures:
        optional(read, 'AUTH_MAX_ACCOUNT_FAILURES', integer({ min: 1, max: 100_000 })) ??
        DEFAULT_FAILURE_LIMIT.maxAccountFailures,
    },
    twoFactorRequiresPassword: optional(read, 'TWO_FACTOR_REQUIRE_PASSWORD', parseBoolean) ?? false,
    totpEncryption: readTotpEncryption(read),
    argon2: readArgon2(read),
    domainVerification: {
      dnsServers: optional(read, 'DNS_SERVERS', parseDnsServers) ?? [],
      dnsTimeoutMs:
        optional(read, 'DNS_TIMEOUT_MS', integer({ min: 1, max: 60_000 })) ?? DEFAULT_DNS_TIMEOUT_MS,
      recheckMs:
        optional(read, 'DOMAIN_RECHECK_MS', integer({ min: 10, max: 86_400_000 })) ??
        DEFAULT_DOMAIN_VERIFICATION_POLICY.recheckMs,
      ttlMs:
        optional(read, 'DOMAIN_VERIFICATION_TTL_MS', integer({ min: 1, max: 31_536_000_000 })) ??
        DEFAULT_DOMAIN_VERIFICATION_POLICY.ttlMs,
    },
    metricsEnabled: optional(read, 'METRICS_ENABLED', parseBoolean) ?? true,
    requestTimeoutMs: optional(read, 'REQUEST_TIMEOUT_MS', integer({ min: 1, max: 3_600_000 })) ?? 30_000,
    webhooks: readWebhooks(read),
    delivery: readDelivery(read),
    retention: readRetention(read),
  };
}

/** OUTBOX_RETENTION_DAYS (default 7) and AUDIT_RETENTION_DAYS (unset: audit records are kept forever). */
function readRetention(read: Read): Config['retention'] {
  return {
    outboxDays: optional(read, 'OUTBOX_RETENTION_DAYS', integer({ min: 1, max: 36_500 })) ?? 7,
    auditDays: optional(read, 'AUDIT_RETENTION_DAYS', integer({ min: 1, max: 36_500 })),
  };
}

const DAY_MS = 86_400_000;

function readWebhooks(read: Read): Config['webhooks'] {
  const url = optional(read, 'WEBHOOK_URL', httpUrl);
  const secret = optional(read, 'WEBHOOK_SECRET', parseWebhookSecret);
  if (url !== null && secret === null) {
    throw new ConfigError('WEBHOOK_SECRET', 'is required when WEBHOOK_URL is set');
  }
  return {
    url,
    secret,
    timeoutMs: optional(read, 'WEBHOOK_TIMEOUT_MS', integer({ min: 1, max: 120_000 })) ?? 5000,
    maxAgeMs:
      optional(read, 'WEBHOOK_MAX_AGE_MS', integer({ min: 1000, max: 30 * DAY_MS })) ??
      DEFAULT_DELIVERY_POLICY.webhookMaxAgeMs,
  };
}

function readDelivery(read: Read): Config['delivery'] {
  const retryBaseMs =
    optional(read, 'DELIVERY_RETRY_BASE_MS', integer({ min: 1, max: DAY_MS })) ??
    DEFAULT_DELIVERY_POLICY.retryBaseMs;
  const retryMaxMs =
    optional(read, 'DELIVERY_RETRY_MAX_MS', integer({ min: 1, max: 7 * DAY_MS })) ??
    DEFAULT_DELIVERY_POLICY.retryMaxMs;
  if (retryMaxMs < retryBaseMs) {
    throw new ConfigError(
      'DELIVERY_RETRY_MAX_MS',
      `must not be less than DELIVERY_RETRY_BASE_MS (${retryBaseMs})`,
    );
  }
  return {
    retryBaseMs,
    retryMaxMs,
    pollMs: optional(read, 'DELIVERY_POLL_MS', integer({ min: 10, max: 3_600_000 })) ?? 1000,
  };
}

export function loadCliConfig(env: Env = process.env): CliConfig {
  const read = reader(env);
  const key = readJwtKey(read);
  const databaseUrl = optional(read, 'DATABASE_URL', parseDatabaseUrl);
  return {
    devMode: key === null && databaseUrl === null,
    databaseUrl,
    databaseStatementTimeoutMs: readStatementTimeout(read),
    argon2: readArgon2(read),
    totpEncryption: readTotpEncryption(read),
    retention: readRetention(read),
    jwt: {
      secret: key?.kind === 'secret' ? key.secret : null,
      issuer: read('JWT_ISSUER'),
      audience: read('JWT_AUDIENCE'),
    },
  };
}

function readJwtKey(read: Read): JwtKey | null {
  const jwtSecret = read('JWT_SECRET');
  const jwtPublicKey = read('JWT_PUBLIC_KEY');
  if (jwtSecret && jwtPublicKey) {
    throw new ConfigError('JWT_SECRET', 'and JWT_PUBLIC_KEY are both set; configure exactly one');
  }
  if (jwtSecret) return secretKey(jwtSecret);
  if (jwtPublicKey) return publicKey(jwtPublicKey);
  return null;
}

function readTotpEncryption(read: Read): Config['totpEncryption'] {
  const key = optional(read, 'TOTP_ENCRYPTION_KEY', parseEncryptionKey);
  const oldKeys =
    optional(read, 'TOTP_ENCRYPTION_KEYS', (name, value) =>
      splitList(value).map((item) => parseEncryptionKey(name, item)),
    ) ?? [];
  if (oldKeys.length > 0 && !key) {
    throw new ConfigError(
      'TOTP_ENCRYPTION_KEYS',
      'needs TOTP_ENCRYPTION_KEY (the current key) to be set too',
    );
  }
  return { key, oldKeys };
}

function readStatementTimeout(read: Read): number {
  return (
    optional(read, 'DATABASE_STATEMENT_TIMEOUT_MS', integer({ min: 1, max: 3_600_000 })) ??
    DEFAULT_STATEMENT_TIMEOUT_MS
  );
}

function readArgon2(read: Read): Config['argon2'] {
  const argon2: Config['argon2'] = {};
  const memoryCost = optional(read, 'ARGON2_MEMORY_COST', integer({ min: 1024, max: 4 * 1024 * 1024 }));
  const timeCost = optional(read, 'ARGON2_TIME_COST', integer({ min: 1, max: 100 }));
  const parallelism = optional(read, 'ARGON2_PARALLELISM', integer({ min: 1, max: 64 }));
  const concurrency = optional(read, 'ARGON2_CONCURRENCY', integer({ min: 1, max: 1024 }));
  const queue = optional(read, 'ARGON2_QUEUE', integer({ min: 0, max: 100_000 }));
  if (memoryCost !== null) argon2.memoryCost = memoryCost;
  if (timeCost !== null) argon2.timeCost = timeCost;
  if (parallelism !== null) argon2.parallelism = parallelism;
  if (concurrency !== null) argon2.concurrency = concurrency;
  if (queue !== null) argon2.queue = queue;
  return argon2;
}

/** The adapters' checks, so a value refused at start would be refused when used, and the reverse. */
function parseDatabaseUrl(name: string, value: string): string {
  if (!isPostgresUrl(value) && value !== IN_MEMORY_URL) {
    throw new ConfigError(name, `must be a postgres:// or postgresql:// URL, or ${IN_MEMORY_URL}`);
  }
  return value;
}

function parseWebhookSecret(name: string, value: string): string {
  if (!isWebhookSecret(value)) {
    throw new ConfigError(
      name,
      `must be "whsec_" followed by the base64 of at least ${MIN_WEBHOOK_SECRET_BYTES} random bytes ` +
        '(e.g. `echo whsec_$(openssl rand -base64 32)`)',
    );
  }
  return value;
}

function parseEncryptionKey(name: string, value: string): string {
  if (!isEncryptionKey(value)) {
    throw new ConfigError(name, 'must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)');
  }
  return value;
}

function parseDnsServers(name: string, value: string): string[] {
  const servers = splitList(value);
  if (servers.length === 0) throw new ConfigError(name, 'lists no server');
  return servers.map((server) => {
    const parsed = parseDnsServer(server);
    if (parsed === null) {
      throw new ConfigError(
        name,
        `holds "${server}", which is not an IP address with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53)`,
      );
    }
    return parsed;
  });
}
