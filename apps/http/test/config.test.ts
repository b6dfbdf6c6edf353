import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/config-error.js';
import { loadCliConfig, loadConfig } from '../src/config/load-config.js';
import { configRefusal } from './config-refusal.js';

const SECRET = 'a-jwt-secret-that-is-long-enough-123456';
const KEY = Buffer.alloc(32, 7).toString('base64');
const prod = { DATABASE_URL: 'postgres://u:p@localhost/db', JWT_SECRET: SECRET };

const pem = (key: { export(options: { type: 'spki'; format: 'pem' }): string | Buffer }) =>
  key.export({ type: 'spki', format: 'pem' }).toString();

describe('loadConfig', () => {
  it('uses the documented defaults, in dev mode when neither a JWT key nor DATABASE_URL is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      devMode: true,
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      databaseStatementTimeoutMs: 5000,
      jwt: { key: null, issuer: null, audience: null },
      billing: {
        accessToken: null,
        server: 'production',
        apiUrl: 'https://api.polar.sh',
        portalUrl: 'https://polar.sh',
        timeoutMs: 5000,
      },
      rateLimit: { max: 60, windowMs: 60_000, redisUrl: null },
      corsOrigins: null,
      trustProxy: false,
      logLevel: 'info',
      appName: 'Account Service',
      failureLimit: { maxFailures: 10, windowMs: 900_000 },
      totpEncryption: { key: null, oldKeys: [] },
      argon2: {},
      domainVerification: { dnsServers: [], dnsTimeoutMs: 3000, recheckMs: 300_000, ttlMs: 604_800_000 },
      metricsEnabled: true,
      requestTimeoutMs: 30_000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...prod,
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_STATEMENT_TIMEOUT_MS: '2500',
      JWT_ISSUER: 'https://id.example',
      JWT_AUDIENCE: 'accounts',
      BILLING_ACCESS_TOKEN: 'polar_x',
      BILLING_SERVER: 'sandbox',
      BILLING_PORTAL_URL: 'https://billing.example/',
      BILLING_TIMEOUT_MS: '2000',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_WINDOW_MS: '1000',
      REDIS_URL: 'redis://localhost:6379',
      CORS_ORIGINS: 'https://a.example, https://b.example:8443',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      LOG_LEVEL: 'debug',
      APP_NAME: 'Acme',
      AUTH_MAX_FAILURES: '5',
      AUTH_FAILURE_WINDOW_MS: '60000',
      TOTP_ENCRYPTION_KEY: KEY,
      TOTP_ENCRYPTION_KEYS: KEY,
      ARGON2_MEMORY_COST: '4096',
      ARGON2_TIME_COST: '3',
      ARGON2_PARALLELISM: '2',
      ARGON2_CONCURRENCY: '3',
      ARGON2_QUEUE: '0',
      DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53',
      DNS_TIMEOUT_MS: '1500',
      DOMAIN_RECHECK_MS: '60000',
      DOMAIN_VERIFICATION_TTL_MS: '86400000',
    });
    expect(config).toMatchObject({
      devMode: false,
      port: 8080,
      host: '0.0.0.0',
      databaseStatementTimeoutMs: 2500,
      jwt: {
        key: { kind: 'secret', algorithms: ['HS256'] },
        issuer: 'https://id.example',
        audience: 'accounts',
      },
      billing: {
        accessToken: 'polar_x',
        server: 'sandbox',
        apiUrl: 'https://sandbox-api.polar.sh',
        portalUrl: 'https://billing.example',
        timeoutMs: 2000,
      },
      rateLimit: { max: 100, windowMs: 1000, redisUrl: 'redis://localhost:6379' },
      corsOrigins: ['https://a.example', 'https://b.example:8443'],
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'debug',
      appName: 'Acme',
      failureLimit: { maxFailures: 5, windowMs: 60_000 },
      totpEncryption: { key: KEY, oldKeys: [KEY] },
      argon2: { memoryCost: 4096, timeCost: 3, parallelism: 2, concurrency: 3, queue: 0 },
      domainVerification: {
        dnsServers: ['1.1.1.1', '127.0.0.1:5353', '[::1]:53'],
        dnsTimeoutMs: 1500,
        recheckMs: 60_000,
        ttlMs: 86_400_000,
      },
    });
  });

  it.each([
    ['RS256', generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey],
    ['ES256', generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey],
    ['EdDSA', generateKeyPairSync('ed25519').publicKey],
  ])('derives %s from the public key', (algorithm, key) => {
    const config = loadConfig({ JWT_PUBLIC_KEY: pem(key) });
    expect(config.jwt.key).toMatchObject({ kind: 'public-key', algorithms: [algorithm] });
    expect(config.devMode).toBe(false);
  });

  it('accepts a PEM with escaped newlines', () => {
    const escaped = pem(generateKeyPairSync('ed25519').publicKey).replaceAll('\n', '\\n');
    expect(loadConfig({ JWT_PUBLIC_KEY: escaped }).jwt.key?.algorithms).toEqual(['EdDSA']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://x/db' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_SECRET: SECRET, JWT_PUBLIC_KEY: 'x' }, 'JWT_SECRET'],
    [{ JWT_PUBLIC_KEY: 'not a key' }, 'JWT_PUBLIC_KEY'],
    [{ JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' }, 'JWT_PUBLIC_KEY'],
    [
      { JWT_PUBLIC_KEY: pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey) },
      'JWT_PUBLIC_KEY',
    ],
    [
      { JWT_PUBLIC_KEY: pem(generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey) },
      'JWT_PUBLIC_KEY',
    ],
    [{ BILLING_SERVER: 'staging' }, 'BILLING_SERVER'],
    [{ BILLING_API_URL: 'ftp://x' }, 'BILLING_API_URL'],
    [{ BILLING_PORTAL_URL: 'nope' }, 'BILLING_PORTAL_URL'],
    [{ BILLING_TIMEOUT_MS: '0' }, 'BILLING_TIMEOUT_MS'],
    [{ RATE_LIMIT_MAX: '-1' }, 'RATE_LIMIT_MAX'],
    [{ RATE_LIMIT_WINDOW_MS: '1.5' }, 'RATE_LIMIT_WINDOW_MS'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ CORS_ORIGINS: 'https://a.example/path' }, 'CORS_ORIGINS'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'fd00::/129' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,/8' }, 'TRUST_PROXY'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '0' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '5s' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ AUTH_MAX_FAILURES: '0' }, 'AUTH_MAX_FAILURES'],
    [{ AUTH_FAILURE_WINDOW_MS: 'x' }, 'AUTH_FAILURE_WINDOW_MS'],
    [{ TOTP_ENCRYPTION_KEY: 'c2hvcnQ=' }, 'TOTP_ENCRYPTION_KEY'],
    [{ TOTP_ENCRYPTION_KEYS: KEY }, 'TOTP_ENCRYPTION_KEYS'],
    [{ TOTP_ENCRYPTION_KEY: KEY, TOTP_ENCRYPTION_KEYS: `${KEY},bad` }, 'TOTP_ENCRYPTION_KEYS'],
    [{ ARGON2_MEMORY_COST: '8' }, 'ARGON2_MEMORY_COST'],
    [{ ARGON2_TIME_COST: 'two' }, 'ARGON2_TIME_COST'],
    [{ ARGON2_PARALLELISM: '0' }, 'ARGON2_PARALLELISM'],
    [{ ARGON2_CONCURRENCY: '0' }, 'ARGON2_CONCURRENCY'],
    [{ ARGON2_QUEUE: '-1' }, 'ARGON2_QUEUE'],
    [{ DNS_SERVERS: 'dns.example' }, 'DNS_SERVERS'],
    [{ DNS_SERVERS: '1.1.1.1:99999' }, 'DNS_SERVERS'],
    [{ DNS_SERVERS: ',' }, 'DNS_SERVERS'],
    [{ DNS_TIMEOUT_MS: '0' }, 'DNS_TIMEOUT_MS'],
    [{ DOMAIN_RECHECK_MS: 'soon' }, 'DOMAIN_RECHECK_MS'],
    [{ DOMAIN_VERIFICATION_TTL_MS: '-1' }, 'DOMAIN_VERIFICATION_TTL_MS'],
    [{ METRICS_ENABLED: 'off' }, 'METRICS_ENABLED'],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS'],
    [{ DATABASE_PREPARED_STATEMENTS: 'maybe' }, 'DATABASE_PREPARED_STATEMENTS'],
    [{ UV_THREADPOOL_SIZE: 'many' }, 'UV_THREADPOOL_SIZE'],
    [{ ADMIN_SCOPE: 'accounts admin' }, 'ADMIN_SCOPE'],
    [{ OUTBOX_RETENTION_DAYS: '0' }, 'OUTBOX_RETENTION_DAYS'],
    [{ AUDIT_RETENTION_DAYS: 'forever' }, 'AUDIT_RETENTION_DAYS'],
    [{ WEBAUTHN_RP_ID: 'https://example.com' }, 'WEBAUTHN_RP_ID'],
    [{ WEBAUTHN_RP_ID: 'example.com' }, 'WEBAUTHN_ORIGINS'],
    [{ WEBAUTHN_ORIGINS: 'https://example.com/login' }, 'WEBAUTHN_ORIGINS'],
  ])('refuses %o with a message naming %s', (env, variable) => {
    const error = configRefusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(variable)).toBe(true);
  });

  it('says what a refused value should be', () => {
    expect(configRefusal({ PORT: 'eighty' }).message).toBe('PORT must be a whole number, got "eighty"');
    expect(configRefusal({ PORT: '70000' }).message).toBe('PORT must be between 0 and 65535, got 70000');
    expect(configRefusal({ LOG_LEVEL: 'verbose' }).message).toMatch(
      /^LOG_LEVEL must be one of `fatal`, .*got "verbose"$/,
    );
    expect(configRefusal({ CORS_ORIGINS: 'https://a.example,https://b.example/x' }).message).toBe(
      'CORS_ORIGINS holds "https://b.example/x", which is not an origin such as `https://app.example.com`',
    );
    expect(configRefusal({ WEBAUTHN_RP_ID: 'example.com' }).message).toBe(
      'WEBAUTHN_ORIGINS is required when WEBAUTHN_RP_ID is not localhost ("example.com")',
    );
  });

  it('reads the passkey, operator, retention and database settings, with their defaults', () => {
    expect(loadConfig({ PORT: '8080', APP_NAME: 'Acme' })).toMatchObject({
      webauthn: { rpId: 'localhost', rpName: 'Acme', origins: ['http://localhost:8080'] },
      adminScope: 'accounts:admin',
      retention: { outboxDays: 7, auditDays: null },
      databasePreparedStatements: true,
    });
    expect(
      loadConfig({
        WEBAUTHN_RP_ID: 'example.com',
        WEBAUTHN_RP_NAME: 'Example',
        WEBAUTHN_ORIGINS: 'https://example.com, https://app.example.com',
        ADMIN_SCOPE: 'ops',
        OUTBOX_RETENTION_DAYS: '30',
        AUDIT_RETENTION_DAYS: '365',
        DATABASE_PREPARED_STATEMENTS: 'false',
        REQUEST_TIMEOUT_MS: '5000',
      }),
    ).toMatchObject({
      webauthn: {
        rpId: 'example.com',
        rpName: 'Example',
        origins: ['https://example.com', 'https://app.example.com'],
      },
      adminScope: 'ops',
      retention: { outboxDays: 30, auditDays: 365 },
      databasePreparedStatements: false,
      requestTimeoutMs: 5000,
    });
  });

  it('reads METRICS_ENABLED as true/false or 1/0', () => {
    expect(loadConfig({ METRICS_ENABLED: 'false' }).metricsEnabled).toBe(false);
    expect(loadConfig({ METRICS_ENABLED: '0' }).metricsEnabled).toBe(false);
    expect(loadConfig({ METRICS_ENABLED: 'TRUE' }).metricsEnabled).toBe(true);
    expect(loadConfig({ METRICS_ENABLED: '1' }).metricsEnabled).toBe(true);
  });

  it('reads DATABASE_PREPARED_STATEMENTS as true/false, on unless set', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'true' }).databasePreparedStatements).toBe(true);
    expect(configRefusal({ DATABASE_PREPARED_STATEMENTS: 'off' }).variable).toBe(
      'DATABASE_PREPARED_STATEMENTS',
    );
  });

  it('reads TRUST_PROXY as a flag or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('reads TRUST_PROXY as IPv4 and IPv6 addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/32, fd00::/128,2001:db8::1' }).trustProxy).toEqual([
      '10.0.0.0/32',
      'fd00::/128',
      '2001:db8::1',
    ]);
  });

  it('takes the database URLs the database adapter opens, whatever the case of the scheme', () => {
    expect(loadConfig({ ...prod, DATABASE_URL: 'POSTGRESQL://u@localhost/db' }).databaseUrl).toBe(
      'POSTGRESQL://u@localhost/db',
    );
    expect(loadConfig({ ...prod, DATABASE_URL: 'pglite://memory' }).databaseUrl).toBe('pglite://memory');
    expect(() => loadConfig({ ...prod, DATABASE_URL: 'postgres://' })).toThrow(ConfigError);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });
});

describe('loadCliConfig', () => {
  it('needs no JWT key for database commands', () => {
    expect(loadCliConfig({ DATABASE_URL: 'postgres://x/db' })).toMatchObject({
      devMode: false,
      databaseUrl: 'postgres://x/db',
      databaseStatementTimeoutMs: 5000,
      jwt: { secret: null },
    });
  });

  it('is in dev mode, like the server, when neither a JWT key nor DATABASE_URL is set', () => {
    expect(loadCliConfig({})).toMatchObject({ devMode: true, databaseUrl: null, jwt: { secret: null } });
    expect(loadCliConfig({ JWT_SECRET: SECRET })).toMatchObject({ devMode: false, jwt: { secret: SECRET } });
    expect(loadCliConfig({ DATABASE_URL: 'pglite://memory' }).devMode).toBe(false);
  });

  it('reads only what the CLI uses: a server-only variable does not stop an operator command', () => {
    expect(loadCliConfig({ PORT: 'eighty', AUDIT_RETENTION_DAYS: '90' })).toMatchObject({
      retention: { outboxDays: 7, auditDays: 90 },
      databasePreparedStatements: true,
    });
    expect(() => loadCliConfig({ ARGON2_TIME_COST: 'two' })).toThrow(ConfigError);
  });
});
