import type { KeySetAlgorithm, ProviderKeySet } from '@accounts/application';
import type { StepUpRule } from '@accounts/domain';
import type { DpopConfig } from '../plugins/dpop-binding.js';
import type { JwtKey } from './jwt-key.js';

/** The identity provider's key set as the verifier takes it: the adapter, started by its owner. */
export type KeySetKey = { kind: 'key-set'; keySet: ProviderKeySet };

export type JwtConfig = {
  /** A static key (JWT_SECRET, JWT_PUBLIC_KEY) or the provider's key set (OIDC_ISSUER, JWT_JWKS_URL). */
  key: JwtKey | KeySetKey;
  /** null: not checked; with a key set, the set's issuer (required). */
  issuer: string | null;
  /** null: not checked; never with a key set. */
  audience: string | null;
  /** JWT_REQUIRE_AT_JWT: only tokens typed `at+jwt` (RFC 9068); default false. */
  requireAtJwt?: boolean;
  /** DPoP (RFC 9449); absent: not accepted, so a DPoP-bound token is refused. */
  dpop?: DpopConfig;
  /** STEP_UP_*: operations that need a stronger or more recent sign-in (RFC 9470); null: none. */
  stepUp?: StepUpSettings | null;
};

/** The logout tokens' audiences (the client ids users sign in with) and their oldest `iat` accepted, in seconds. */
export type ProviderLogoutSettings = { audiences: string[]; maxAgeSeconds: number };

/** Operation ids (STEP_UP_OPERATIONS) and what their tokens' sign-in must be (at least one rule). */
export type StepUpSettings = StepUpRule & { operations: readonly string[] };

/** Where the provider's keys come from (OIDC_ISSUER or JWT_JWKS_URL), as the adapters' key set takes it. */
export type KeySetSettings = {
  /** OIDC_ISSUER, or JWT_ISSUER with JWT_JWKS_URL. */
  issuer: string;
  /** JWT_JWKS_URL; null: by discovery from the issuer. */
  jwksUrl: string | null;
  algorithms: KeySetAlgorithm[];
  timeoutMs: number;
  maxAgeSeconds: number;
  cooldownSeconds: number;
};

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** What the HTTP app itself needs; the rest of Config is the composition root's. */
export type HttpConfig = {
  jwt: JwtConfig;
  rateLimit: { max: number; windowMs: number };
  /** null: reflect the request's Origin. */
  corsOrigins: string[] | null;
  trustProxy: boolean | number | string[];
  /** APP_NAME: the title of the API description and its reference page. */
  appName: string;
  /** A request whose headers and body have not all arrived by then gets 408 and its connection closes. */
  requestTimeoutMs: number;
  /** ADMIN_SCOPE: the scope (in the token's `scope` claim) that makes a token an operator's. */
  adminScope: string;
};

/** The service's configuration, as loadConfig (config/load-config.ts) reads it from the environment (config/config-schema.ts). */
export type Config = {
  /** Development: no JWT key, no key set and no DATABASE_URL (embedded database, demo user, printed token). */
  devMode: boolean;
  port: number;
  host: string;
  /** null: the embedded PGlite database in the adapters' default data directory (.data/pglite). */
  databaseUrl: string | null;
  /** Longest a query may run before the database cancels it. */
  databaseStatementTimeoutMs: number;
  /** DATABASE_PREPARED_STATEMENTS: the hot reads run as named prepared statements on PostgreSQL. */
  databasePreparedStatements: boolean;
  /**
   * `key` and `keySet` null only in dev mode, where the composition root uses the dev secret file
   * (.data/dev-jwt-secret); at most one of them is set.
   */
  jwt: {
    key: JwtKey | null;
    keySet: KeySetSettings | null;
    issuer: string | null;
    audience: string | null;
    requireAtJwt: boolean;
    stepUp: StepUpSettings | null;
    /** DPOP_REQUIRED, DPOP_IAT_WINDOW_S, and PUBLIC_URL (null: unset), which the proof's `htu` names. */
    dpop: { required: boolean; iatWindowSeconds: number; publicUrl: string | null };
    /** OIDC_LOGOUT_AUDIENCE and LOGOUT_TOKEN_MAX_AGE_S: the provider's back-channel logout; null: off. */
    logout?: ProviderLogoutSettings | null;
  };
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
  failureLimit: { maxFailures: number; windowMs: number; maxAccountFailures: number };
  /** TWO_FACTOR_REQUIRE_PASSWORD: 2FA confirm, disable and backup-code regeneration also need the password. */
  twoFactorRequiresPassword: boolean;
  totpEncryption: { key: string | null; oldKeys: string[] };
  /** Hash cost, and how many checks run at once and wait (unset: the adapter's defaults, from the CPUs). */
  argon2: {
    memoryCost?: number;
    timeCost?: number;
    parallelism?: number;
    concurrency?: number;
    queue?: number;
  };
  domainVerification: {
    /** Resolver addresses as `setServers` takes them; empty: the system's resolvers. */
    dnsServers: string[];
    dnsTimeoutMs: number;
    recheckMs: number;
    ttlMs: number;
  };
  /** Account-event webhooks; `url` null: none are queued. */
  webhooks: { url: string | null; secret: string | null; timeoutMs: number; maxAgeMs: number };
  /** The outbox worker's retry backoff and polling. */
  delivery: { retryBaseMs: number; retryMaxMs: number; pollMs: number };
  /** Serve GET /metrics (METRICS_ENABLED). */
  metricsEnabled: boolean;
  requestTimeoutMs: number;
  /** Passkeys: the relying party and the origins its pages are served from. */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** The `scope` an operator token carries. */
  adminScope: string;
  /** Days done outbox entries and audit records are kept (`auditDays` null: forever). */
  retention: { outboxDays: number; auditDays: number | null };
};

/** What the operator CLI needs: the database, the hashing cost, and the key it signs tokens with. */
export type CliConfig = {
  /** As the server's: no JWT key, no key set, no DATABASE_URL; tokens are signed with the dev server's secret. */
  devMode: boolean;
  databaseUrl: string | null;
  databaseStatementTimeoutMs: number;
  databasePreparedStatements: boolean;
  argon2: Config['argon2'];
  /** `keySet`: OIDC_ISSUER or JWT_JWKS_URL is set, so tokens come from the provider (tokens mint refuses). */
  jwt: { secret: string | null; keySet: boolean; issuer: string | null; audience: string | null };
  /** The keys `secrets reseal` opens and seals with. */
  totpEncryption: Config['totpEncryption'];
  /** What `retention run` applies. */
  retention: Config['retention'];
};

/**
 * The part of the configuration the HTTP app takes; `jwtKey` is the key the composition root made:
 * dev mode's random secret, or the started key set.
 */
export function httpConfigOf(config: Config, jwtKey: JwtKey | KeySetKey): HttpConfig {
  return {
    jwt: {
      key: jwtKey,
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      requireAtJwt: config.jwt.requireAtJwt,
      stepUp: config.jwt.stepUp,
    },
    rateLimit: { max: config.rateLimit.max, windowMs: config.rateLimit.windowMs },
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    appName: config.appName,
    requestTimeoutMs: config.requestTimeoutMs,
    adminScope: config.adminScope,
  };
}
