import {
  createAccountPorts,
  HttpSetPusher,
  JoseSetSigner,
  KyselySsfStreamRepository,
  type DatabaseHandle,
  type SsfSigningKey,
} from '@accounts/adapters';
import { createUseCases, ssfChannel, type Logger, type UseCases } from '@accounts/application';
import { accountPortsOptions } from '../../account-ports-options.js';
import type { Config } from '../../config/service-config.js';
import type { SsfSettings } from '../../config/ssf-settings.js';

/** The command prints its own JSON line; warnings (e.g. billing not configured) go to stderr. */
function stderrLogger(err: (text: string) => void): Logger {
  const line = (level: string) => (details: Record<string, unknown>, message: string) =>
    err(JSON.stringify({ level, msg: message, ...details }));
  return { info: () => undefined, warn: line('warn'), error: line('error') };
}

/**
 * The server's use cases over `database`, with the server's billing and webhook configuration,
 * for the operator commands: a ban from the CLI cancels the subscriptions (right after the
 * commit, as a request does) and queues its webhook for the server's outbox worker; with `ssf`
 * (SSF_SIGNING_KEYS), its SETs too, as the server's channel queues them.
 */
export async function createOperatorUseCases(
  config: Config,
  database: DatabaseHandle,
  err: (text: string) => void,
  ssf: SsfSettings<SsfSigningKey> | null = null,
): Promise<{ useCases: UseCases; close: () => Promise<void> }> {
  // The same ports as the server's composition root builds (createAccountPorts), logging to stderr.
  const adapters = await createAccountPorts(database, accountPortsOptions(config, stderrLogger(err)));
  const { ports } = adapters;
  // Queued only: the server's worker signs and sends them.
  const channels = ssf
    ? [
        ssfChannel(
          {
            clock: ports.clock,
            streams: new KyselySsfStreamRepository(database.db),
            signer: new JoseSetSigner(ssf.keys),
            pusher: new HttpSetPusher({
              timeoutMs: config.webhooks.timeoutMs,
              allowInsecure: ssf.allowInsecurePush,
            }),
          },
          {
            issuer: ssf.issuer,
            providerIssuer: ssf.providerIssuer,
            maxAgeMs: config.webhooks.maxAgeMs,
            pushTimeoutMs: config.webhooks.timeoutMs,
          },
        ),
      ]
    : [];
  const useCases = createUseCases(ports, {
    outbox: { policy: { ...config.delivery, webhookMaxAgeMs: config.webhooks.maxAgeMs }, channels },
  });
  return { useCases, close: () => adapters.close() };
}
