import { defaultBillingApiUrl, parseDnsServer } from '@accounts/adapters';
import { isKeySetAlgorithm, KEY_SET_ALGORITHMS } from '@accounts/application';
import type {
  CliConfig,
  Config,
  KeySetSettings,
  ProviderLogoutSettings,
  StepUpSettings,
} from './service-config.js';
import { ConfigError } from './config-error.js';
import { publicKey, secretKey, type JwtKey } from './jwt-key.js';
import { ALL_VARIABLES, parseVariables, type Env } from './parse-variables.js';
import type { ConfigVariables } from './config-schema.js';

/**
 * Reads and validates every variable of ConfigSchema (config-schema.ts); throws a ConfigError
 * naming the first bad one. The rules between variables are here, the rest is the schema's.
 */
export function loadConfig(env: Env = process.env): Config {
  const v = parseVariables(env, ALL_VARIABLES);
  const databaseUrl = v.DATABASE_URL ?? null;
  const key = jwtKey(v.JWT_SECRET, v.JWT_PUBLIC_KEY);
  const keySet = keySetSettings(v);
  const devMode = key === null && keySet === null && databaseUrl === null;
  if (key === null && keySet === null && !devMode) {
    throw new ConfigError(
      'JWT_SECRET',
      'or JWT_PUBLIC_KEY, OIDC_ISSUER or JWT_JWKS_URL is required when DATABASE_URL is set',
    );
  }
  if (v.WEBHOOK_URL !== undefined && v.WEBHOOK_SECRET === undefined) {
    throw new ConfigError('WEBHOOK_SECRET', 'is required when WEBHOOK_URL is set');
  }
  if (v.DELIVERY_RETRY_MAX_MS < v.DELIVERY_RETRY_BASE_MS) {
    throw new ConfigError(
      'DELIVERY_RETRY_MAX_MS',
      `must not be less than DELIVERY_RETRY_BASE_MS (${v.DELIVERY_RETRY_BASE_MS})`,
    );
  }
  if (v.WEBAUTHN_RP_ID !== 'localhost' && v.WEBAUTHN_ORIGINS === undefined) {
    throw new ConfigError(
      'WEBAUTHN_ORIGINS',
      `is required when WEBAUTHN_RP_ID is not localhost ("${v.WEBAUTHN_RP_ID}")`,
    );
  }

  return {
    devMode,
    port: v.PORT,
    host: v.HOST,
    databaseUrl,
    databaseStatementTimeoutMs: v.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePreparedStatements: v.DATABASE_PREPARED_STATEMENTS,
    jwt: {
      key,
      keySet,
      issuer: keySet?.issuer ?? v.JWT_ISSUER ?? null,
      audience: v.JWT_AUDIENCE ?? null,
      requireAtJwt: v.JWT_REQUIRE_AT_JWT,
      stepUp: stepUpSettings(v),
      dpop: {
        required: v.DPOP_REQUIRED,
        iatWindowSeconds: v.DPOP_IAT_WINDOW_S,
        publicUrl: v.PUBLIC_URL ?? null,
      },
      logout: providerLogoutSettings(v, keySet),
    },
    billing: {
      accessToken: v.BILLING_ACCESS_TOKEN ?? null,
      server: v.BILLING_SERVER,
      apiUrl: withoutTrailingSlashes(v.BILLING_API_URL ?? defaultBillingApiUrl(v.BILLING_SERVER)),
      portalUrl: withoutTrailingSlashes(v.BILLING_PORTAL_URL),
      timeoutMs: v.BILLING_TIMEOUT_MS,
    },
    rateLimit: { max: v.RATE_LIMIT_MAX, windowMs: v.RATE_LIMIT_WINDOW_MS, redisUrl: v.REDIS_URL ?? null },
    corsOrigins: v.CORS_ORIGINS ?? null,
    trustProxy: v.TRUST_PROXY,
    logLevel: v.LOG_LEVEL,
    appName: v.APP_NAME,
    failureLimit: {
      maxFailures: v.AUTH_MAX_FAILURES,
      windowMs: v.AUTH_FAILURE_WINDOW_MS,
      maxAccountFailures: v.AUTH_MAX_ACCOUNT_FAILURES,
    },
    twoFactorRequiresPassword: v.TWO_FACTOR_REQUIRE_PASSWORD,
    totpEncryption: totpEncryption(v.TOTP_ENCRYPTION_KEY, v.TOTP_ENCRYPTION_KEYS),
    argon2: argon2(v),
    domainVerification: {
      dnsServers: (v.DNS_SERVERS ?? []).map((server) => parseDnsServer(server) ?? server),
      dnsTimeoutMs: v.DNS_TIMEOUT_MS,
      recheckMs: v.DOMAIN_RECHECK_MS,
      ttlMs: v.DOMAIN_VERIFICATION_TTL_MS,
    },
    metricsEnabled: v.METRICS_ENABLED,
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
    webhooks: {
      url: v.WEBHOOK_URL === undefined ? null : withoutTrailingSlashes(v.WEBHOOK_URL),
      secret: v.WEBHOOK_SECRET ?? null,
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
      maxAgeMs: v.WEBHOOK_MAX_AGE_MS,
    },
    delivery: {
      retryBaseMs: v.DELIVERY_RETRY_BASE_MS,
      retryMaxMs: v.DELIVERY_RETRY_MAX_MS,
      pollMs: v.DELIVERY_POLL_MS,
    },
    webauthn: {
      rpId: v.WEBAUTHN_RP_ID,
      rpName: v.WEBAUTHN_RP_NAME ?? v.APP_NAME,
      origins: v.WEBAUTHN_ORIGINS ?? [`http://localhost:${v.PORT}`],
    },
    adminScope: v.ADMIN_SCOPE,
    retention: { outboxDays: v.OUTBOX_RETENTION_DAYS, auditDays: v.AUDIT_RETENTION_DAYS ?? null },
  };
}

/** STEP_UP_OPERATIONS with its rules; listed operations without a rule stop the start. */
function stepUpSettings(v: ConfigVariables): StepUpSettings | null {
  const acrValues = v.STEP_UP_ACR_VALUES?.trim().split(/\s+/) ?? null;
  const maxAgeSeconds = v.STEP_UP_MAX_AGE_S ?? null;
  if (v.STEP_UP_OPERATIONS === undefined) return null;
  if (acrValues === null && maxAgeSeconds === null) {
    throw new ConfigError(
      'STEP_UP_OPERATIONS',
      'needs STEP_UP_ACR_VALUES or STEP_UP_MAX_AGE_S (what a sign-in must be for those operations)',
    );
  }
  return { operations: v.STEP_UP_OPERATIONS, acrValues, maxAgeSeconds };
}

/**
 * The provider's back-channel logout (decisions.md, "The provider's sign-outs"), or null when
 * OIDC_LOGOUT_AUDIENCE is unset. Its tokens are verified with the provider's key set, so it needs
 * one (OIDC_ISSUER or JWT_JWKS_URL).
 */
function providerLogoutSettings(
  v: Pick<ConfigVariables, 'OIDC_LOGOUT_AUDIENCE' | 'LOGOUT_TOKEN_MAX_AGE_S'>,
  keySet: KeySetSettings | null,
): ProviderLogoutSettings | null {
  if (v.OIDC_LOGOUT_AUDIENCE === undefined) return null;
  if (keySet === null) {
    throw new ConfigError(
      'OIDC_LOGOUT_AUDIENCE',
      "needs the identity provider's issuer and keys: set OIDC_ISSUER (or JWT_JWKS_URL with JWT_ISSUER)",
    );
  }
  return { audiences: v.OIDC_LOGOUT_AUDIENCE, maxAgeSeconds: v.LOGOUT_TOKEN_MAX_AGE_S };
}

/** The CLI reads only what it uses, so a server-only variable does not stop an operator command. */
export function loadCliConfig(env: Env = process.env): CliConfig {
  const v = parseVariables(env, [
    'DATABASE_URL',
    'DATABASE_STATEMENT_TIMEOUT_MS',
    'DATABASE_PREPARED_STATEMENTS',
    'JWT_SECRET',
    'JWT_PUBLIC_KEY',
    'JWT_ISSUER',
    'JWT_AUDIENCE',
    'OIDC_ISSUER',
    'JWT_JWKS_URL',
    'JWT_ALGORITHMS',
    'JWKS_TIMEOUT_MS',
    'JWKS_MAX_AGE_S',
    'JWKS_COOLDOWN_S',
    'TOTP_ENCRYPTION_KEY',
    'TOTP_ENCRYPTION_KEYS',
    'ARGON2_MEMORY_COST',
    'ARGON2_TIME_COST',
    'ARGON2_PARALLELISM',
    'ARGON2_CONCURRENCY',
    'ARGON2_QUEUE',
    'OUTBOX_RETENTION_DAYS',
    'AUDIT_RETENTION_DAYS',
  ]);
  const key = jwtKey(v.JWT_SECRET, v.JWT_PUBLIC_KEY);
  const keySet = keySetSettings(v);
  const databaseUrl = v.DATABASE_URL ?? null;
  return {
    devMode: key === null && keySet === null && databaseUrl === null,
    databaseUrl,
    databaseStatementTimeoutMs: v.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePreparedStatements: v.DATABASE_PREPARED_STATEMENTS,
    argon2: argon2(v),
    totpEncryption: totpEncryption(v.TOTP_ENCRYPTION_KEY, v.TOTP_ENCRYPTION_KEYS),
    jwt: {
      secret: key?.kind === 'secret' ? key.secret : null,
      keySet: keySet !== null,
      issuer: keySet?.issuer ?? v.JWT_ISSUER ?? null,
      audience: v.JWT_AUDIENCE ?? null,
    },
    retention: { outboxDays: v.OUTBOX_RETENTION_DAYS, auditDays: v.AUDIT_RETENTION_DAYS ?? null },
  };
}

function jwtKey(secret: string | undefined, key: string | undefined): JwtKey | null {
  if (secret !== undefined && key !== undefined) {
    throw new ConfigError('JWT_SECRET', 'and JWT_PUBLIC_KEY are both set; configure exactly one');
  }
  if (secret !== undefined) return secretKey(secret);
  if (key !== undefined) return publicKey(key);
  return null;
}

/**
 * The provider's key set (decisions.md, "Keys from the provider"): OIDC_ISSUER (by discovery) or
 * JWT_JWKS_URL (with JWT_ISSUER), exclusive with the static keys and with each other, and
 * JWT_AUDIENCE required (ASVS 5.0 9.2.3). Null when neither is set.
 */
function keySetSettings(
  v: Pick<
    ConfigVariables,
    | 'JWT_SECRET'
    | 'JWT_PUBLIC_KEY'
    | 'JWT_ISSUER'
    | 'JWT_AUDIENCE'
    | 'OIDC_ISSUER'
    | 'JWT_JWKS_URL'
    | 'JWT_ALGORITHMS'
    | 'JWKS_TIMEOUT_MS'
    | 'JWKS_MAX_AGE_S'
    | 'JWKS_COOLDOWN_S'
  >,
): KeySetSettings | null {
  const source =
    v.OIDC_ISSUER !== undefined ? 'OIDC_ISSUER' : v.JWT_JWKS_URL !== undefined ? 'JWT_JWKS_URL' : null;
  if (source === null) return null;
  if (v.OIDC_ISSUER !== undefined && v.JWT_JWKS_URL !== undefined) {
    throw new ConfigError(
      'OIDC_ISSUER',
      'and JWT_JWKS_URL are both set; configure one (the key set is found by discovery from OIDC_ISSUER)',
    );
  }
  for (const staticKey of ['JWT_SECRET', 'JWT_PUBLIC_KEY'] as const) {
    if (v[staticKey] !== undefined) {
      throw new ConfigError(
        source,
        `and ${staticKey} are both set; tokens are verified with the provider's key set or a static key, not both`,
      );
    }
  }
  if (v.OIDC_ISSUER !== undefined && v.JWT_ISSUER !== undefined && v.JWT_ISSUER !== v.OIDC_ISSUER) {
    throw new ConfigError(
      'JWT_ISSUER',
      `("${v.JWT_ISSUER}") differs from OIDC_ISSUER ("${v.OIDC_ISSUER}"); leave it unset or set the same value`,
    );
  }
  const issuer = v.OIDC_ISSUER ?? v.JWT_ISSUER;
  if (issuer === undefined) {
    throw new ConfigError('JWT_ISSUER', "is required with JWT_JWKS_URL: tokens' `iss` must equal it");
  }
  if (v.JWT_AUDIENCE === undefined) {
    throw new ConfigError(
      'JWT_AUDIENCE',
      `is required with ${source}: tokens must be meant for this service`,
    );
  }
  return {
    issuer,
    jwksUrl: v.JWT_JWKS_URL ?? null,
    // Checked by the schema already: the filter only tells the type.
    algorithms: [...new Set(v.JWT_ALGORITHMS ?? KEY_SET_ALGORITHMS)].filter(isKeySetAlgorithm),
    timeoutMs: v.JWKS_TIMEOUT_MS,
    maxAgeSeconds: v.JWKS_MAX_AGE_S,
    cooldownSeconds: v.JWKS_COOLDOWN_S,
  };
}

function totpEncryption(key: string | undefined, oldKeys: string[] | undefined): Config['totpEncryption'] {
  if (oldKeys !== undefined && key === undefined) {
    throw new ConfigError(
      'TOTP_ENCRYPTION_KEYS',
      'needs TOTP_ENCRYPTION_KEY (the current key) to be set too',
    );
  }
  return { key: key ?? null, oldKeys: oldKeys ?? [] };
}

/** Only the costs and bounds that are set: the hasher's defaults (from the CPUs) fill the rest. */
function argon2(v: {
  ARGON2_MEMORY_COST?: number;
  ARGON2_TIME_COST?: number;
  ARGON2_PARALLELISM?: number;
  ARGON2_CONCURRENCY?: number;
  ARGON2_QUEUE?: number;
}): Config['argon2'] {
  return {
    ...(v.ARGON2_MEMORY_COST === undefined ? {} : { memoryCost: v.ARGON2_MEMORY_COST }),
    ...(v.ARGON2_TIME_COST === undefined ? {} : { timeCost: v.ARGON2_TIME_COST }),
    ...(v.ARGON2_PARALLELISM === undefined ? {} : { parallelism: v.ARGON2_PARALLELISM }),
    ...(v.ARGON2_CONCURRENCY === undefined ? {} : { concurrency: v.ARGON2_CONCURRENCY }),
    ...(v.ARGON2_QUEUE === undefined ? {} : { queue: v.ARGON2_QUEUE }),
  };
}

const withoutTrailingSlashes = (url: string) => url.replace(/\/+$/, '');
