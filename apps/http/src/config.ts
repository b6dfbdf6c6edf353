import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { isWebhookSecret, MIN_WEBHOOK_SECRET_BYTES } from '@accounts/adapters';

/** How bearer tokens are verified: an HMAC secret, or a public key with the one algorithm it fits. */
export type JwtKey =
  | { kind: 'secret'; secret: string; algorithms: ['HS256'] }
  | { kind: 'public-key'; publicKey: string; algorithms: [PublicKeyAlgorithm] };

export type PublicKeyAlgorithm = 'RS256' | 'ES256' | 'EdDSA';

export type JwtConfig = {
  key: JwtKey;
  issuer: string | null;
  audience: string | null;
};

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** What the HTTP app itself needs; the rest of Config is the composition root's. */
export type HttpConfig = {
  jwt: JwtConfig;
  rateLimit: { max: number; windowMs: number };
  /** null: reflect the request's Origin. */
  corsOrigins: string[] | null;
  trustProxy: boolean | number | string[];
};

export type Config = {
  /** Development: neither a JWT key nor DATABASE_URL is set (embedded database, demo user, printed token). */
  devMode: boolean;
  port: number;
  host: string;
  /** null: embedded PGlite in .data/pglite. */
  databaseUrl: string | null;
  /** null only in dev mode, where the composition root makes a random secret. */
  jwt: { key: JwtKey | null; issuer: string | null; audience: string | null };
  billing: {
    accessToken: string | null;
    server: 'sandbox' | 'production';
    apiUrl: string;
    portalUrl: string;
    timeoutMs: number;
  };
  rateLimit: { max: number; windowMs: number; redisUrl: string | null };
  corsOrigins: string[] | null;
  trustProxy: boolean | number | string[];
  logLevel: LogLevel;
  appName: string;
  failureLimit: { maxFailures: number; windowMs: number };
  totpEncryption: { key: string | null; oldKeys: string[] };
  argon2: { memoryCost?: number; timeCost?: number; parallelism?: number };
  /** Account-event webhooks; `url` null: none are queued. */
  webhooks: { url: string | null; secret: string | null; timeoutMs: number; maxAgeMs: number };
  /** The outbox worker's retry backoff and polling. */
  delivery: { retryBaseMs: number; retryMaxMs: number; pollMs: number };
};

export const EMBEDDED_DATABASE_DIR = '.data/pglite';
export const MIN_JWT_SECRET_BYTES = 32;

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

type Read = (name: string) => string | null;

function reader(env: Env): Read {
  return (name) => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
}

/** Reads and validates every variable; throws a ConfigError naming the first bad one. */
export function loadConfig(env: Env = process.env): Config {
  const read = reader(env);
  const databaseUrl = optional(read, 'DATABASE_URL', parseDatabaseUrl);
  const key = readJwtKey(read);
  const devMode = key === null && databaseUrl === null;
  if (key === null && !devMode) {
    throw new ConfigError('JWT_SECRET', 'or JWT_PUBLIC_KEY is required when DATABASE_URL is set');
  }

  const billingServer =
    optional(read, 'BILLING_SERVER', (name, value) => {
      if (value !== 'sandbox' && value !== 'production') {
        throw new ConfigError(name, `must be "sandbox" or "production", got "${value}"`);
      }
      return value;
    }) ?? 'production';

  const totpKey = optional(read, 'TOTP_ENCRYPTION_KEY', parseEncryptionKey);
  const oldKeys =
    optional(read, 'TOTP_ENCRYPTION_KEYS', (name, value) =>
      splitList(value).map((item) => parseEncryptionKey(name, item)),
    ) ?? [];
  if (oldKeys.length > 0 && !totpKey) {
    throw new ConfigError(
      'TOTP_ENCRYPTION_KEYS',
      'needs TOTP_ENCRYPTION_KEY (the current key) to be set too',
    );
  }

  return {
    devMode,
    port: optional(read, 'PORT', integer({ min: 0, max: 65535 })) ?? 3000,
    host: read('HOST') ?? '127.0.0.1',
    databaseUrl,
    jwt: { key, issuer: read('JWT_ISSUER'), audience: read('JWT_AUDIENCE') },
    billing: {
      accessToken: read('BILLING_ACCESS_TOKEN'),
      server: billingServer,
      apiUrl:
        optional(read, 'BILLING_API_URL', httpUrl) ??
        (billingServer === 'sandbox' ? 'https://sandbox-api.polar.sh' : 'https://api.polar.sh'),
      portalUrl: optional(read, 'BILLING_PORTAL_URL', httpUrl) ?? 'https://polar.sh',
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
      maxFailures: optional(read, 'AUTH_MAX_FAILURES', integer({ min: 1, max: 1000 })) ?? 10,
      windowMs: optional(read, 'AUTH_FAILURE_WINDOW_MS', integer({ min: 1000, max: 86_400_000 })) ?? 900_000,
    },
    totpEncryption: { key: totpKey, oldKeys },
    argon2: readArgon2(read),
    webhooks: readWebhooks(read),
    delivery: readDelivery(read),
  };
}

const DAY_MS = 86_400_000;

function readWebhooks(read: Read): Config['webhooks'] {
  const url = optional(read, 'WEBHOOK_URL', httpUrl);
  const secret = optional(read, 'WEBHOOK_SECRET', (name, value) => {
    if (!isWebhookSecret(value)) {
      throw new ConfigError(
        name,
        `must be "whsec_" followed by the base64 of at least ${MIN_WEBHOOK_SECRET_BYTES} random bytes ` +
          '(e.g. `echo whsec_$(openssl rand -base64 32)`)',
      );
    }
    return value;
  });
  if (url !== null && secret === null)
    throw new ConfigError('WEBHOOK_SECRET', 'is required when WEBHOOK_URL is set');
  return {
    url,
    secret,
    timeoutMs: optional(read, 'WEBHOOK_TIMEOUT_MS', integer({ min: 1, max: 120_000 })) ?? 5000,
    maxAgeMs: optional(read, 'WEBHOOK_MAX_AGE_MS', integer({ min: 1000, max: 30 * DAY_MS })) ?? 3 * DAY_MS,
  };
}

function readDelivery(read: Read): Config['delivery'] {
  const retryBaseMs = optional(read, 'DELIVERY_RETRY_BASE_MS', integer({ min: 1, max: DAY_MS })) ?? 5000;
  const retryMaxMs =
    optional(read, 'DELIVERY_RETRY_MAX_MS', integer({ min: 1, max: 7 * DAY_MS })) ?? 3_600_000;
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

/** What the operator CLI needs: the database, the hashing cost, and the key it signs tokens with. */
export type CliConfig = {
  databaseUrl: string | null;
  argon2: Config['argon2'];
  jwt: { secret: string | null; issuer: string | null; audience: string | null };
};

export function loadCliConfig(env: Env = process.env): CliConfig {
  const read = reader(env);
  const key = readJwtKey(read);
  return {
    databaseUrl: optional(read, 'DATABASE_URL', parseDatabaseUrl),
    argon2: readArgon2(read),
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

function readArgon2(read: Read): Config['argon2'] {
  const argon2: Config['argon2'] = {};
  const memoryCost = optional(read, 'ARGON2_MEMORY_COST', integer({ min: 1024, max: 4 * 1024 * 1024 }));
  const timeCost = optional(read, 'ARGON2_TIME_COST', integer({ min: 1, max: 100 }));
  const parallelism = optional(read, 'ARGON2_PARALLELISM', integer({ min: 1, max: 64 }));
  if (memoryCost !== null) argon2.memoryCost = memoryCost;
  if (timeCost !== null) argon2.timeCost = timeCost;
  if (parallelism !== null) argon2.parallelism = parallelism;
  return argon2;
}

/** The part of the configuration the HTTP app takes; `jwtKey` fills in dev mode's random secret. */
export function httpConfigOf(config: Config, jwtKey: JwtKey): HttpConfig {
  return {
    jwt: { key: jwtKey, issuer: config.jwt.issuer, audience: config.jwt.audience },
    rateLimit: { max: config.rateLimit.max, windowMs: config.rateLimit.windowMs },
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
  };
}

function optional<T>(read: Read, name: string, parse: (name: string, value: string) => T): T | null {
  const value = read(name);
  return value === null ? null : parse(name, value);
}

function integer({ min, max }: { min: number; max: number }) {
  return (name: string, value: string): number => {
    if (!/^\d+$/.test(value)) throw new ConfigError(name, `must be a whole number, got "${value}"`);
    const number = Number(value);
    if (number < min || number > max) {
      throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
    }
    return number;
  };
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export function secretKey(secret: string): JwtKey {
  if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError('JWT_SECRET', `must be at least ${MIN_JWT_SECRET_BYTES} bytes long`);
  }
  return { kind: 'secret', secret, algorithms: ['HS256'] };
}

/** The algorithm follows from the key; a key of another kind or size is refused. */
function publicKey(raw: string): JwtKey {
  const pem = raw.includes('\\n') ? raw.replaceAll('\\n', '\n') : raw;
  if (!pem.includes('-----BEGIN PUBLIC KEY-----')) {
    throw new ConfigError('JWT_PUBLIC_KEY', 'must be a PEM public key ("-----BEGIN PUBLIC KEY-----")');
  }
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new ConfigError('JWT_PUBLIC_KEY', 'is not a readable PEM public key');
  }
  const details = key.asymmetricKeyDetails;
  const type = key.asymmetricKeyType;
  if (type === 'rsa') {
    if ((details?.modulusLength ?? 0) < 2048) {
      throw new ConfigError('JWT_PUBLIC_KEY', 'is an RSA key shorter than 2048 bits');
    }
    return { kind: 'public-key', publicKey: pem, algorithms: ['RS256'] };
  }
  if (type === 'ec') {
    if (details?.namedCurve !== 'prime256v1') {
      throw new ConfigError('JWT_PUBLIC_KEY', 'is an EC key on a curve other than P-256 (ES256)');
    }
    return { kind: 'public-key', publicKey: pem, algorithms: ['ES256'] };
  }
  if (type === 'ed25519') return { kind: 'public-key', publicKey: pem, algorithms: ['EdDSA'] };
  throw new ConfigError(
    'JWT_PUBLIC_KEY',
    `is a ${type ?? 'unknown'} key; use RSA (RS256), EC P-256 (ES256) or Ed25519 (EdDSA)`,
  );
}

function parseDatabaseUrl(name: string, value: string): string {
  if (!/^postgres(ql)?:\/\/./.test(value) && value !== 'pglite://memory') {
    throw new ConfigError(name, 'must be a postgres:// or postgresql:// URL, or pglite://memory');
  }
  return value;
}

function parseRedisUrl(name: string, value: string): string {
  if (!/^rediss?:\/\/./.test(value) || !URL.canParse(value)) {
    throw new ConfigError(name, 'must be a redis:// or rediss:// URL');
  }
  return value;
}

function httpUrl(name: string, value: string): string {
  if (!URL.canParse(value)) throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseOrigins(name: string, value: string): string[] {
  const origins = splitList(value);
  if (origins.length === 0) throw new ConfigError(name, 'lists no origin');
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ConfigError(name, `holds "${origin}", which is not an origin like https://app.example.com`);
    }
  }
  return origins;
}

function parseTrustProxy(name: string, value: string): boolean | number | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = splitList(value);
  for (const address of addresses) {
    const [ip, prefix, ...rest] = address.split('/');
    const validPrefix = prefix === undefined || /^\d{1,3}$/.test(prefix);
    if (!ip || isIP(ip) === 0 || !validPrefix || rest.length > 0) {
      throw new ConfigError(
        name,
        `must be true, false, a hop count or a comma-separated list of addresses/CIDRs, got "${address}"`,
      );
    }
  }
  return addresses;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseLogLevel(name: string, value: string): LogLevel {
  const level = LOG_LEVELS.find((candidate) => candidate === value);
  if (!level) throw new ConfigError(name, `must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}

function parseEncryptionKey(name: string, value: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || Buffer.from(value, 'base64').length !== 32) {
    throw new ConfigError(name, 'must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)');
  }
  return value;
}
