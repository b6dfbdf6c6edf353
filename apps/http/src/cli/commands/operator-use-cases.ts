import {
  SimpleWebAuthnPasskeyVerifier,
  Argon2PasswordHasher,
  createPersistence,
  createSecretCipher,
  CryptoRandomSource,
  CURSOR_KEY_NAME,
  HmacCursorSealer,
  HttpBillingGateway,
  HttpWebhookSender,
  loadServerKey,
  NodeDnsResolver,
  OtplibTotp,
  QrcodeRenderer,
  SystemClock,
  type DatabaseHandle,
} from '@accounts/adapters';
import { createUseCases, type Logger, type UseCases } from '@accounts/application';
import type { Config } from '../../config.js';

/** The command prints its own JSON line; warnings (e.g. billing not configured) go to stderr. */
function stderrLogger(err: (text: string) => void): Logger {
  const line = (level: string) => (details: Record<string, unknown>, message: string) =>
    err(JSON.stringify({ level, msg: message, ...details }));
  return { info: () => undefined, warn: line('warn'), error: line('error') };
}

/**
 * The server's use cases over `database`, with the server's billing and webhook configuration,
 * for the operator commands: a ban from the CLI cancels the subscriptions (right after the
 * commit, as a request does) and queues its webhook for the server's outbox worker.
 */
export async function createOperatorUseCases(
  config: Config,
  database: DatabaseHandle,
  err: (text: string) => void,
): Promise<{ useCases: UseCases; close: () => Promise<void> }> {
  const logger = stderrLogger(err);
  const qrCodes = new QrcodeRenderer();
  const useCases = createUseCases(
    {
      ...createPersistence(database.db),
      hasher: new Argon2PasswordHasher(config.argon2),
      totp: new OtplibTotp({ issuer: config.appName }),
      qrCodes,
      secrets: createSecretCipher({
        ...(config.totpEncryption.key ? { key: config.totpEncryption.key } : {}),
        oldKeys: config.totpEncryption.oldKeys,
      }),
      billing: new HttpBillingGateway({
        ...(config.billing.accessToken ? { accessToken: config.billing.accessToken } : {}),
        server: config.billing.server,
        apiUrl: config.billing.apiUrl,
        portalUrl: config.billing.portalUrl,
        timeoutMs: config.billing.timeoutMs,
      }),
      dns: new NodeDnsResolver({ timeoutMs: config.domainVerification.dnsTimeoutMs }),
      cursors: new HmacCursorSealer(await loadServerKey(database.db, CURSOR_KEY_NAME)),
      webhooks: new HttpWebhookSender({
        url: config.webhooks.url,
        secret: config.webhooks.secret,
        timeoutMs: config.webhooks.timeoutMs,
      }),
      random: new CryptoRandomSource(),
      passkeyVerifier: new SimpleWebAuthnPasskeyVerifier(config.webauthn),
      clock: new SystemClock(),
      logger,
    },
    { outbox: { policy: { ...config.delivery, webhookMaxAgeMs: config.webhooks.maxAgeMs } } },
  );
  return { useCases, close: () => qrCodes.close() };
}
