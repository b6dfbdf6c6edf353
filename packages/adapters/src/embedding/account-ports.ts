import type { Clock, Logger, Ports } from '@accounts/application';
import { BILLING_DEFAULTS, HttpBillingGateway, type BillingServer } from '../billing/http-billing-gateway.js';
import { SystemClock } from '../clock/system-clock.js';
import { createSecretCipher } from '../crypto/aes-gcm-secret-cipher.js';
import { Argon2PasswordHasher, type Argon2Options } from '../crypto/argon2-password-hasher.js';
import { CryptoRandomSource } from '../crypto/crypto-random-source.js';
import { HmacCursorSealer } from '../crypto/hmac-cursor-sealer.js';
import { DEFAULT_DNS_TIMEOUT_MS, NodeDnsResolver } from '../dns/node-dns-resolver.js';
import type { DatabaseHandle } from '../postgres/database.js';
import { CURSOR_KEY_NAME, loadServerKey } from '../postgres/kysely-server-keys.js';
import { createPersistence } from '../postgres/persistence.js';
import { QrcodeRenderer } from '../qr/qrcode-renderer.js';
import { OtplibTotp } from '../totp/otplib-totp.js';
import { SimpleWebAuthnPasskeyVerifier } from '../webauthn/simplewebauthn-passkey-verifier.js';
import { HttpWebhookSender } from '../webhooks/http-webhook-sender.js';

/** The defaults of docs/operations.md (BILLING_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS). */
export const DEFAULT_BILLING_TIMEOUT_MS = 5_000;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5_000;

export type TotpOptions = {
  /** APP_NAME: the issuer authenticator apps show beside the account's email. */
  issuer: string;
  /** TOTP_ENCRYPTION_KEY: 32 bytes in base64; unset: secrets are stored bare. */
  encryptionKey?: string | null | undefined;
  /** TOTP_ENCRYPTION_KEYS: older keys, still accepted for reading. */
  oldEncryptionKeys?: string[];
};

export type BillingOptions = {
  /** BILLING_ACCESS_TOKEN; unset: cancellations are skipped and the portal is refused. */
  accessToken?: string | null | undefined;
  /** BILLING_SERVER; default `production`. */
  server?: BillingServer;
  /** BILLING_API_URL; default the server's Polar API. */
  apiUrl?: string | undefined;
  /** BILLING_PORTAL_URL; default `https://polar.sh`. */
  portalUrl?: string | undefined;
  /** BILLING_TIMEOUT_MS; default 5000. */
  timeoutMs?: number;
};

export type WebhookOptions = {
  /** WEBHOOK_URL; unset: no event is queued. */
  url?: string | null | undefined;
  /** WEBHOOK_SECRET (`whsec_…`); required with a URL. */
  secret?: string | null | undefined;
  /** WEBHOOK_TIMEOUT_MS; default 5000. */
  timeoutMs?: number;
};

export type DnsOptions = {
  /** DNS_SERVERS (`host[:port]`); default the system's resolvers. */
  servers?: readonly string[];
  /** DNS_TIMEOUT_MS; default 3000. */
  timeoutMs?: number;
};

export type PasskeyOptions = {
  /** WEBAUTHN_RP_ID; default `localhost`. */
  rpId?: string | undefined;
  /** WEBAUTHN_RP_NAME; default the TOTP issuer. */
  rpName?: string | undefined;
  /** WEBAUTHN_ORIGINS: the origins of the pages that create and use passkeys; default `http://localhost:3000`. */
  origins?: string[];
};

/** How the adapters are configured: every part but `totp` has the defaults of docs/operations.md. */
export type AccountPortsOptions = {
  totp: TotpOptions;
  billing?: BillingOptions;
  webhooks?: WebhookOptions;
  dns?: DnsOptions;
  webauthn?: PasskeyOptions;
  /** Hash cost and how many checks run at once (ARGON2_CONCURRENCY, ARGON2_QUEUE). */
  argon2?: Argon2Options;
  /** Default: warnings and errors to the console, nothing else. */
  logger?: Logger;
  /** Default: the system clock. */
  clock?: Clock;
};

export type AccountPorts = {
  ports: Ports;
  /** The argon2 hasher of `ports.hasher`, with its configured limits. */
  hasher: Argon2PasswordHasher;
  /** The timeouts the outbox lease is derived from. */
  timeouts: { billingMs: number; webhookMs: number };
  /** Stops the QR code worker; the database stays open (its owner closes it). */
  close(): Promise<void>;
};

/** Warnings and errors to the console; the use cases log no secret, code or token. */
export const consoleLogger: Logger = {
  info: () => undefined,
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/**
 * Every port of the use cases from this package's adapters, over one migrated database: what
 * `createAccounts` and the HTTP service's composition root both build.
 */
export async function createAccountPorts(
  database: DatabaseHandle,
  options: AccountPortsOptions,
): Promise<AccountPorts> {
  const logger = options.logger ?? consoleLogger;
  const billingMs = options.billing?.timeoutMs ?? DEFAULT_BILLING_TIMEOUT_MS;
  const webhookMs = options.webhooks?.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const billingToken = options.billing?.accessToken;
  const encryptionKey = options.totp.encryptionKey;
  const qrCodes = new QrcodeRenderer();
  const hasher = new Argon2PasswordHasher(options.argon2);
  const ports: Ports = {
    ...createPersistence(database.db),
    hasher,
    totp: new OtplibTotp({ issuer: options.totp.issuer }),
    qrCodes,
    secrets: createSecretCipher({
      ...(encryptionKey ? { key: encryptionKey } : {}),
      oldKeys: options.totp.oldEncryptionKeys ?? [],
    }),
    billing: new HttpBillingGateway({
      ...(billingToken ? { accessToken: billingToken } : {}),
      server: options.billing?.server ?? 'production',
      ...(options.billing?.apiUrl ? { apiUrl: options.billing.apiUrl } : {}),
      portalUrl: options.billing?.portalUrl ?? BILLING_DEFAULTS.portalUrl,
      timeoutMs: billingMs,
      logger,
    }),
    dns: new NodeDnsResolver({
      servers: options.dns?.servers ?? [],
      timeoutMs: options.dns?.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS,
    }),
    cursors: new HmacCursorSealer(await loadServerKey(database.db, CURSOR_KEY_NAME)),
    webhooks: new HttpWebhookSender({
      url: options.webhooks?.url ?? null,
      secret: options.webhooks?.secret ?? null,
      timeoutMs: webhookMs,
    }),
    random: new CryptoRandomSource(),
    clock: options.clock ?? new SystemClock(),
    logger,
    passkeyVerifier: new SimpleWebAuthnPasskeyVerifier({
      rpId: options.webauthn?.rpId ?? 'localhost',
      rpName: options.webauthn?.rpName ?? options.totp.issuer,
      origins: options.webauthn?.origins ?? ['http://localhost:3000'],
    }),
  };
  return { ports, hasher, timeouts: { billingMs, webhookMs }, close: () => qrCodes.close() };
}
