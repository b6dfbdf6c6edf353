import { createAccountPorts, type DatabaseHandle } from '@accounts/adapters';
import { createUseCases, type Logger, type UseCases } from '@accounts/application';
import { accountPortsOptions } from '../../account-ports-options.js';
import type { Config } from '../../config/service-config.js';

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
  // The same ports as the server's composition root builds (createAccountPorts), logging to stderr.
  const adapters = await createAccountPorts(database, accountPortsOptions(config, stderrLogger(err)));
  const useCases = createUseCases(adapters.ports, {
    outbox: { policy: { ...config.delivery, webhookMaxAgeMs: config.webhooks.maxAgeMs } },
  });
  return { useCases, close: () => adapters.close() };
}
