import {
  BILLING_DEFAULTS,
  DEFAULT_DNS_TIMEOUT_MS,
  isKeySetUrl,
  KEY_SET_DEFAULTS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  IN_MEMORY_URL,
  isEncryptionKey,
  isPostgresUrl,
  isWebhookSecret,
  MIN_WEBHOOK_SECRET_BYTES,
  parseDnsServer,
} from '@accounts/adapters';
import { isKeySetAlgorithm, KEY_SET_ALGORITHMS } from '@accounts/application';
import {
  DEFAULT_DELIVERY_POLICY,
  DEFAULT_DOMAIN_VERIFICATION_POLICY,
  DEFAULT_FAILURE_LIMIT,
} from '@accounts/domain';
import { Type, type Static } from 'typebox';
import {
  flag,
  integer,
  isAddressOrRange,
  isHttpUrl,
  isOrigin,
  isPublicUrl,
  list,
  oneOf,
  refined,
  text,
} from './env-types.js';
import { isStepUpOperation } from '../schemas/step-up-operations.js';

const DAY_MS = 86_400_000;

const httpUrl = (options: Parameters<typeof refined>[2]) => refined('an http(s) URL', isHttpUrl, options);
const origin = refined('an origin such as `https://app.example.com`', isOrigin);
const keySetUrl = (options: Parameters<typeof refined>[2]) =>
  refined('an `https://` URL (`http://` on a loopback host only)', isKeySetUrl, options);
const encryptionKey = refined('32 bytes in base64 (`openssl rand -base64 32`)', isEncryptionKey);

/**
 * Every environment variable the service and the CLI read: the one declaration the loader
 * (load-config.ts) parses and validates, and the configuration table of docs/operations.md is
 * generated from (`pnpm docs:config`).
 */
export const ConfigSchema = Type.Object({
  PORT: integer(0, 65535, { default: 3000, description: 'TCP port the server listens on.' }),
  HOST: text({ default: '127.0.0.1', description: 'Address the server listens on.' }),
  REQUEST_TIMEOUT_MS: integer(1, 3_600_000, {
    default: 30_000,
    description: 'A request whose headers and body have not all arrived by then: 408, connection closed.',
  }),
  TRUST_PROXY: Type.Union(
    [
      Type.Integer({ minimum: 0, maximum: 1000, 'x-accepts': 'a hop count' }),
      Type.Boolean(),
      list(refined('an IP address or CIDR range', isAddressOrRange), {
        description: 'proxy addresses',
      }),
    ],
    {
      default: false,
      description: 'Whose `X-Forwarded-For` to honour: never `true` behind a proxy (README, Configuration).',
    },
  ),
  CORS_ORIGINS: Type.Optional(
    list(origin, {
      description: 'Comma-separated origins allowed to call the API.',
      'x-unset': 'reflect the request origin',
    }),
  ),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'pino log level.',
  }),
  APP_NAME: text({
    default: 'Account Service',
    description: 'Issuer shown in authenticator apps; title of the API reference.',
  }),
  METRICS_ENABLED: flag({ default: true, description: 'Serve `GET /metrics` (false: it answers 404).' }),

  DATABASE_URL: Type.Optional(
    refined(
      `a \`postgres://\` or \`postgresql://\` URL, or \`${IN_MEMORY_URL}\``,
      (value) => isPostgresUrl(value) || value === IN_MEMORY_URL,
      {
        description: `PostgreSQL to use; \`${IN_MEMORY_URL}\` for a throw-away embedded database.`,
        'x-unset': 'the embedded PGlite database in `.data/pglite` (dev mode without a JWT key or key set)',
      },
    ),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: integer(1, 3_600_000, {
    default: DEFAULT_STATEMENT_TIMEOUT_MS,
    description: 'Longest a query may run before PostgreSQL cancels it (the request answers 500).',
  }),
  DATABASE_PREPARED_STATEMENTS: flag({
    default: true,
    description: 'Named prepared statements for hot reads; `false` behind PgBouncer in transaction mode.',
  }),

  JWT_SECRET: Type.Optional(
    text({
      description: 'HS256 secret; exclusive with `JWT_PUBLIC_KEY`, `OIDC_ISSUER` and `JWT_JWKS_URL`.',
      'x-accepts': 'at least 32 bytes (`openssl rand -base64 32`)',
      'x-unset': 'dev mode: a secret kept in `.data/dev-jwt-secret`',
    }),
  ),
  JWT_PUBLIC_KEY: Type.Optional(
    text({
      description: 'Public key of the token issuer; the key gives the algorithm.',
      'x-accepts':
        'a PEM public key: RSA ≥ 2048 bits (RS256), EC P-256 (ES256) or Ed25519 (EdDSA); `\\n` for newlines',
      'x-unset': 'unset',
    }),
  ),
  JWT_ISSUER: Type.Optional(
    text({
      description:
        'Required `iss` of tokens; required with `JWT_JWKS_URL`, equal to `OIDC_ISSUER` if set with it.',
      'x-unset': 'not checked (with `OIDC_ISSUER`: that)',
    }),
  ),
  JWT_AUDIENCE: Type.Optional(
    text({
      description: 'Required `aud` of tokens; required with `OIDC_ISSUER` or `JWT_JWKS_URL`.',
      'x-unset': 'not checked',
    }),
  ),
  OIDC_ISSUER: Type.Optional(
    keySetUrl({
      description:
        "The identity provider's issuer: its key set found by OpenID Connect Discovery; exclusive with `JWT_SECRET` and `JWT_PUBLIC_KEY`.",
      'x-unset': 'unset',
    }),
  ),
  JWT_JWKS_URL: Type.Optional(
    keySetUrl({
      description: "The provider's key set (JWKS) URL, read without discovery; needs `JWT_ISSUER`.",
      'x-unset': 'unset',
    }),
  ),
  JWT_ALGORITHMS: Type.Optional(
    list(refined(`one of ${KEY_SET_ALGORITHMS.join(', ')}`, isKeySetAlgorithm), {
      description: 'Algorithms accepted from the key set (never `none` or HS*).',
      'x-unset': `\`${KEY_SET_ALGORITHMS.join(',')}\``,
    }),
  ),
  JWT_REQUIRE_AT_JWT: flag({
    default: false,
    description: 'Accept only tokens typed `at+jwt` (RFC 9068); default also `JWT` and no `typ`.',
  }),
  STEP_UP_OPERATIONS: Type.Optional(
    list(refined("an operation id that takes a user's token (`disableAccount`…)", isStepUpOperation), {
      description:
        'Operations that need a stronger or more recent sign-in (RFC 9470); needs `STEP_UP_ACR_VALUES` or `STEP_UP_MAX_AGE_S`.',
      'x-unset': 'none',
    }),
  ),
  STEP_UP_ACR_VALUES: Type.Optional(
    text({
      pattern: '\\S',
      'x-accepts': 'space-separated `acr` values',
      description: 'The `acr` values that count as strong enough for those operations.',
      'x-unset': 'any `acr`',
    }),
  ),
  STEP_UP_MAX_AGE_S: Type.Optional(
    integer(0, 31_536_000, {
      description: 'Most seconds since the token’s `auth_time` for those operations.',
      'x-unset': 'any age',
    }),
  ),
  DPOP_REQUIRED: flag({
    default: false,
    description: 'Refuse tokens that are not DPoP-bound (RFC 9449).',
  }),
  DPOP_IAT_WINDOW_S: integer(1, 3600, {
    default: 60,
    description: 'How far a DPoP proof’s `iat` may be from now, either way; its `jti` is kept twice as long.',
  }),
  JWKS_TIMEOUT_MS: integer(1, 60_000, {
    default: KEY_SET_DEFAULTS.timeoutMs,
    description: 'Bound of each read of the discovery document or the key set.',
  }),
  JWKS_MAX_AGE_S: integer(1, 86_400, {
    default: KEY_SET_DEFAULTS.maxAgeSeconds,
    description: 'The key set is re-read this often in the background.',
  }),
  JWKS_COOLDOWN_S: integer(1, 3600, {
    default: KEY_SET_DEFAULTS.cooldownSeconds,
    description: 'Least time between the last read attempt and a re-read for an unknown `kid`.',
  }),
  OIDC_LOGOUT_AUDIENCE: Type.Optional(
    list(
      refined('a client id (no spaces)', (value) => /^\S+$/.test(value)),
      {
        description:
          'Enables `POST /api/idp/backchannel-logout`: the `aud` of logout tokens (client ids); needs `OIDC_ISSUER` or `JWT_JWKS_URL`.',
        'x-unset': 'the route is 404',
      },
    ),
  ),
  LOGOUT_TOKEN_MAX_AGE_S: integer(1, 86_400, {
    default: 300,
    description: 'Oldest `iat` of a logout token accepted, in seconds; its `jti` is kept as long.',
  }),
  ADMIN_SCOPE: text({
    default: 'accounts:admin',
    pattern: '^\\S+$',
    'x-accepts': 'one word (no spaces)',
    description: 'The `scope` an operator token carries.',
  }),

  RATE_LIMIT_MAX: integer(1, 1_000_000, {
    default: 60,
    description:
      'Route-protection budget per client and window; disable, ban, delete, the portal and verify cost 2.',
  }),
  RATE_LIMIT_WINDOW_MS: integer(1, DAY_MS, { default: 60_000, description: 'Route-protection window.' }),
  REDIS_URL: Type.Optional(
    refined(
      'a `redis://` or `rediss://` URL',
      (value) => /^rediss?:\/\/./.test(value) && URL.canParse(value),
      {
        description: 'Rate-limit store shared by several instances.',
        'x-unset': 'in-process counters',
      },
    ),
  ),
  AUTH_MAX_FAILURES: integer(1, 1000, {
    default: DEFAULT_FAILURE_LIMIT.maxFailures,
    description: 'Failed password/code checks per account and client before 429.',
  }),
  AUTH_FAILURE_WINDOW_MS: integer(1000, DAY_MS, {
    default: DEFAULT_FAILURE_LIMIT.windowMs,
    description: 'Window of those failures, and the first lock’s length (doubling up to 24 h).',
  }),
  AUTH_MAX_ACCOUNT_FAILURES: integer(1, 100_000, {
    default: DEFAULT_FAILURE_LIMIT.maxAccountFailures,
    description: 'Failed checks per account, from any client, without a success, before 429.',
  }),
  TWO_FACTOR_REQUIRE_PASSWORD: flag({
    default: false,
    description: '2FA confirm, disable and backup-code regeneration also need `password`.',
  }),
  TOTP_ENCRYPTION_KEY: Type.Optional(
    refined('32 bytes in base64 (`openssl rand -base64 32`)', isEncryptionKey, {
      description: 'Encrypts TOTP secrets at rest (AES-256-GCM).',
      'x-unset': 'stored as they are',
    }),
  ),
  TOTP_ENCRYPTION_KEYS: Type.Optional(
    list(encryptionKey, {
      description:
        'Older keys still read; needs `TOTP_ENCRYPTION_KEY`; `pnpm cli secrets reseal` retires them.',
      'x-unset': 'none',
    }),
  ),

  ARGON2_MEMORY_COST: Type.Optional(
    integer(1024, 4 * 1024 * 1024, { description: 'argon2id memory, KiB.', 'x-unset': '`19456`' }),
  ),
  ARGON2_TIME_COST: Type.Optional(integer(1, 100, { description: 'argon2id passes.', 'x-unset': '`2`' })),
  ARGON2_PARALLELISM: Type.Optional(integer(1, 64, { description: 'argon2id lanes.', 'x-unset': '`1`' })),
  ARGON2_CONCURRENCY: Type.Optional(
    integer(1, 1024, {
      description: 'Password checks computed at once.',
      'x-unset': 'CPUs, at most `UV_THREADPOOL_SIZE` − 1',
    }),
  ),
  ARGON2_QUEUE: Type.Optional(
    integer(0, 100_000, {
      description: 'Checks waiting for a slot; past that 503 `SERVICE_BUSY` with `Retry-After`.',
      'x-unset': '8 × `ARGON2_CONCURRENCY`',
    }),
  ),
  UV_THREADPOOL_SIZE: integer(1, 1024, {
    default: 4,
    description: 'libuv’s thread pool, read by Node before the service starts: CPUs + 1 on more than 3 CPUs.',
  }),

  BILLING_ACCESS_TOKEN: Type.Optional(
    text({
      description: 'Billing provider (Polar) token.',
      'x-unset': 'cancellations skipped, the portal answers 500',
    }),
  ),
  BILLING_SERVER: oneOf(['production', 'sandbox'], {
    default: 'production',
    description: 'Polar environment.',
  }),
  BILLING_API_URL: Type.Optional(
    httpUrl({
      description: 'Billing API base, used as given.',
      'x-unset': `\`${BILLING_DEFAULTS.apiUrl.production}\` (sandbox: \`${BILLING_DEFAULTS.apiUrl.sandbox}\`)`,
    }),
  ),
  BILLING_PORTAL_URL: httpUrl({
    default: BILLING_DEFAULTS.portalUrl,
    description: 'Portal base; in sandbox mode its host gets the `sandbox-` prefix.',
  }),
  BILLING_TIMEOUT_MS: integer(1, 120_000, {
    default: 5000,
    description: 'Bound of each billing call, retries included.',
  }),

  WEBHOOK_URL: Type.Optional(
    httpUrl({
      description: 'Receiver of account-event webhooks (Standard Webhooks).',
      'x-unset': 'no webhooks',
    }),
  ),
  WEBHOOK_SECRET: Type.Optional(
    refined(
      `\`whsec_\` followed by the base64 of at least ${MIN_WEBHOOK_SECRET_BYTES} random bytes ` +
        '(`echo whsec_$(openssl rand -base64 32)`)',
      isWebhookSecret,
      { description: 'Signing secret; required with `WEBHOOK_URL`.', 'x-unset': 'unset' },
    ),
  ),
  WEBHOOK_TIMEOUT_MS: integer(1, 120_000, { default: 5000, description: 'Bound of each delivery attempt.' }),
  WEBHOOK_MAX_AGE_MS: integer(1000, 30 * DAY_MS, {
    default: DEFAULT_DELIVERY_POLICY.webhookMaxAgeMs,
    description: 'How long an event is retried.',
  }),
  DELIVERY_RETRY_BASE_MS: integer(1, DAY_MS, {
    default: DEFAULT_DELIVERY_POLICY.retryBaseMs,
    description: 'Outbox: first retry delay, doubling with jitter.',
  }),
  DELIVERY_RETRY_MAX_MS: integer(1, 7 * DAY_MS, {
    default: DEFAULT_DELIVERY_POLICY.retryMaxMs,
    description: 'Outbox: longest retry delay; not less than `DELIVERY_RETRY_BASE_MS`.',
  }),
  DELIVERY_POLL_MS: integer(10, 3_600_000, {
    default: 1000,
    description: 'How often the outbox worker looks for due entries.',
  }),
  OUTBOX_RETENTION_DAYS: integer(1, 36_500, {
    default: 7,
    description: 'Done outbox entries are removed after that many days.',
  }),
  AUDIT_RETENTION_DAYS: Type.Optional(
    integer(1, 36_500, {
      description: 'Audit records are removed after that many days.',
      'x-unset': 'kept forever',
    }),
  ),

  DNS_SERVERS: Type.Optional(
    list(
      refined(
        'an IP address with an optional port (`1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`)',
        (value) => parseDnsServer(value) !== null,
      ),
      { description: 'Resolvers for custom-domain verification.', 'x-unset': 'the system’s resolvers' },
    ),
  ),
  DNS_TIMEOUT_MS: integer(1, 60_000, {
    default: DEFAULT_DNS_TIMEOUT_MS,
    description: 'Bound of one lookup.',
  }),
  DOMAIN_RECHECK_MS: integer(10, DAY_MS, {
    default: DEFAULT_DOMAIN_VERIFICATION_POLICY.recheckMs,
    description: 'How often pending domains are looked up again.',
  }),
  DOMAIN_VERIFICATION_TTL_MS: integer(1, 365 * DAY_MS, {
    default: DEFAULT_DOMAIN_VERIFICATION_POLICY.ttlMs,
    description: 'For how long after connecting a pending domain is looked up.',
  }),

  WEBAUTHN_RP_ID: refined(
    'a host name such as `example.com`',
    (value) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(value),
    { default: 'localhost', description: 'Passkeys: the relying party id, the domain passkeys belong to.' },
  ),
  WEBAUTHN_RP_NAME: Type.Optional(
    text({ description: 'Passkeys: the name authenticators show.', 'x-unset': '`APP_NAME`' }),
  ),
  WEBAUTHN_ORIGINS: Type.Optional(
    list(origin, {
      description:
        'Passkeys: origins of the pages that create and use them; required unless the id is `localhost`.',
      'x-unset': '`http://localhost:<PORT>`',
    }),
  ),

  PUBLIC_URL: Type.Optional(
    refined('an absolute http(s) URL without query or fragment', isPublicUrl, {
      description:
        "The service's public base URL: what DPoP proofs' `htu` name behind a proxy; the SSF transmitter's issuer (then without a path).",
      'x-unset': 'unset',
    }),
  ),
  SSF_SIGNING_KEYS: Type.Optional(
    text({
      description:
        'Turns on the SSF transmitter: SETs are signed with the first key, every key is published.',
      'x-accepts': 'PEM RSA private keys ≥ 2048 bits, concatenated; `\\n` for newlines',
      'x-unset': 'no SSF transmitter (its routes are 404)',
    }),
  ),
  SSF_ALLOW_INSECURE_PUSH: flag({
    default: false,
    description: 'SSF push also to `http://`, loopback and private addresses (tests, development).',
  }),
});

export type ConfigVariables = Static<typeof ConfigSchema>;
export type ConfigVariable = keyof ConfigVariables;
