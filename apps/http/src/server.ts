import { createService, loadSsf, type DevLogin } from './composition-root.js';
import type { Config } from './config/service-config.js';
import { ConfigError } from './config/config-error.js';
import { loadConfig } from './config/load-config.js';
import { tuneRuntime } from './runtime/tune-runtime.js';

const SHUTDOWN_GRACE_MS = 10_000;

function printDevLogin(login: DevLogin, address: string) {
  // Printed to stdout directly, not logged: the one place a token is shown (dev mode only). The
  // values are base64url and JWT characters, safe in a shell unquoted.
  const lines = [
    '',
    `Development mode: embedded database in .data/pglite, JWT secret in ${login.secretFile} (kept across starts).`,
    `Demo user: ${login.email} (id ${login.userId}), a new password on every start. Paste into a shell:`,
    '',
    `export TOKEN=${login.token} PASSWORD=${login.password} API=${address}`,
    'curl -H "Authorization: Bearer $TOKEN" $API/api/user/custom-domain',
    '',
    `More tokens: pnpm cli tokens mint --user-id ${login.userId}`,
    `API reference: ${address}/docs`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
  let config: Config;
  let ssf: Awaited<ReturnType<typeof loadSsf>>;
  try {
    config = loadConfig(process.env);
    ssf = await loadSsf(process.env, config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const service = await createService(config, { ssf });
  const { app, logger } = service;

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'Second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'Shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => {
        logger.info('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  tuneRuntime({ passwordChecks: service.passwordChecks }, logger);

  const address = await app.listen({ host: config.host, port: config.port });
  if (service.devLogin) printDevLogin(service.devLogin, address);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
