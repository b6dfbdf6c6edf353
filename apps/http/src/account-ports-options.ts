import type { AccountPortsOptions } from '@accounts/adapters';
import type { Logger } from '@accounts/application';
import type { Config } from './config/service-config.js';

/** The adapters' options from the configuration: the server and the operator CLI build the same ports. */
export function accountPortsOptions(config: Config, logger: Logger): AccountPortsOptions {
  return {
    totp: {
      issuer: config.appName,
      encryptionKey: config.totpEncryption.key,
      oldEncryptionKeys: config.totpEncryption.oldKeys,
    },
    billing: config.billing,
    webhooks: config.webhooks,
    dns: { servers: config.domainVerification.dnsServers, timeoutMs: config.domainVerification.dnsTimeoutMs },
    argon2: config.argon2,
    webauthn: config.webauthn,
    logger,
  };
}
