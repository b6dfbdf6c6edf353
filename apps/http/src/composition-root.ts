import { randomBytes } from 'node:crypto';
import {
  DEV_JWT_SECRET_FILE,
  loadOrCreateDevJwtSecret,
  type Argon2PasswordHasher,
  connectRedisWeightedCounter,
  createAccountPorts,
  createAccountRuntime,
  createProviderKeySet,
  KyselyRetentionRepository,
  retentionTask,
  migrateToLatest,
  openDatabase,
  seedDemoUser,
  threadPoolSize,
  type DatabaseHandle,
  type OutageListener,
  startDevBillingServer,
  KyselySsfStreamRepository,
  KyselySsfPollStore,
  HttpSetPusher,
  JoseSetSigner,
  parseSsfSigningKeys,
  ssfJwks,
  type SsfSigningKey,
  connectRedisReplayRecord,
  JoseDpopProofReader,
  JoseLogoutTokenReader,
  KyselyReplayRecord,
} from '@accounts/adapters';
import {
  ManageSsfStreams,
  PollSsfStream,
  VerifyDpopProof,
  ssfChannel,
  type Clock,
  type OutboxChannel,
  type OutboxWorker,
  type Ports,
} from '@accounts/application';
import { ok } from '@accounts/domain';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { Logger } from 'pino';
import { accountPortsOptions } from './account-ports-options.js';
import { buildApp, type App } from './app.js';
import { httpConfigOf, type Config, type KeySetKey } from './config/service-config.js';
import { secretKey, type JwtKey } from './config/jwt-key.js';
import { loadSsfSettings, type SsfSettings } from './config/ssf-settings.js';
import { SSF_PATHS } from './ssf/ssf-paths.js';
import type { SsfHttpOptions } from './ssf/ssf-http-options.js';
import { InFlight } from './in-flight.js';
import { createLogger } from './observability/logging.js';
import { ServiceMetrics } from './observability/metrics.js';
import { registerSsfMetrics } from './observability/ssf-metrics.js';
import { registerTableMetrics } from './observability/table-metrics.js';
import { precompiledSerializers, SERIALIZERS_DIR } from './precompiled-serializers.js';
import { mintToken } from './tokens.js';

const DEMO_TOKEN_LIFETIME_SECONDS = 24 * 3600;
/** How long shutdown waits for use cases still running before it closes the database anyway. */
const DRAIN_TIMEOUT_MS = 10_000;
/** RFC 8936 long polling: a poll without returnImmediately waits this long for a SET (decisions.md). */
const SSF_POLL_WAIT_MS = 10_000;
/** How often a waiting poll looks for a SET. */
const SSF_POLL_CHECK_MS = 250;

/** What dev mode prints once the server listens: never through the logger. */
export type DevLogin = {
  userId: string;
  email: string;
  password: string;
  token: string;
  /** Where the JWT secret is kept across starts (the CLI mints with it too). */
  secretFile: string;
};

export type Service = {
  app: App;
  /** Delivers the outbox: started here, stopped by `app.close()` before the database closes. */
  outboxWorker: OutboxWorker;
  /** Null when METRICS_ENABLED is false. */
  metrics: ServiceMetrics | null;
  logger: Logger;
  database: DatabaseHandle;
  /** Migrations applied by this start. */
  migrationsApplied: string[];
  devLogin: DevLogin | null;
  /** libuv's pool (argon2 computes there) and how many password checks run at once and wait. */
  passwordChecks: { threadPool: number; concurrency: number; queue: number };
};

/**
 * An outage in the log once as it starts, with its cause, and once as it ends (decisions.md,
 * "Outages and deploys"); the requests refused meanwhile log one line each (errors.ts).
 */
function outageLog(logger: Logger): OutageListener {
  return {
    started: (cause) =>
      logger.error(
        { cause: { name: cause.name, message: cause.message, code: (cause as { code?: unknown }).code } },
        'Database unreachable: outage started',
      ),
    ended: (durationMs) => logger.warn({ durationMs }, 'Database reachable again: outage ended'),
  };
}

/** Opens the database (embedded PGlite unless DATABASE_URL says otherwise) and migrates it. */
export async function openMigratedDatabase(
  databaseUrl: string | null,
  statementTimeoutMs: number,
  preparedStatements = true,
  logger?: Logger,
): Promise<{ database: DatabaseHandle; applied: string[] }> {
  const database = await openDatabase(databaseUrl ?? undefined, {
    statementTimeoutMs,
    preparedStatements,
    ...(logger ? { onOutage: outageLog(logger) } : {}),
  });
  try {
    return { database, applied: await migrateToLatest(database.db) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * `options.database`: an open database to use instead of config.databaseUrl (tests); it is
 * migrated and closed with the app like one opened here. `options.clock`: the time the use cases
 * see (tests of time steps and failure windows); default the system clock.
 * `options.devJwtSecretFile`: dev mode's secret file; default .data/dev-jwt-secret.
 * `options.serializers`: the response serializers' factory; default those `pnpm build` stored.
 *
 * The one place that knows every adapter: config → database and migrations → ports → use cases →
 * app, and the outbox worker. `app.close()` lets in-flight requests finish, then stops the outbox
 * worker and closes the QR worker, Redis and the database (onClose hook).
 */
export async function createService(
  config: Config,
  options: {
    logger?: Logger;
    database?: DatabaseHandle;
    clock?: Clock;
    devJwtSecretFile?: string;
    serializers?: SerializerFactory;
    /** The SSF transmitter's settings (loadSsf); none: off. */
    ssf?: SsfSettings<SsfSigningKey> | null;
  } = {},
): Promise<Service> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const { database, applied } = options.database
    ? { database: options.database, applied: await migrateToLatest(options.database.db) }
    : await openMigratedDatabase(
        config.databaseUrl,
        config.databaseStatementTimeoutMs,
        config.databasePreparedStatements,
        logger,
      );
  if (applied.length > 0) logger.info({ migrations: applied }, 'Database migrations applied');

  // Dev mode without a billing token: a loopback stand-in for the provider, so that the demo
  // user's billing portal answers a real redirect. Never outside dev mode.
  const devBilling =
    config.devMode && config.billing.accessToken === null ? await startDevBillingServer() : null;
  if (devBilling) {
    config = {
      ...config,
      billing: {
        ...config.billing,
        accessToken: devBilling.accessToken,
        apiUrl: devBilling.apiUrl,
        portalUrl: devBilling.portalUrl,
      },
    };
  }

  const adapters = await createAccountPorts(database, {
    ...accountPortsOptions(config, logger),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const { ports, hasher } = adapters;
  const metrics = config.metricsEnabled
    ? new ServiceMetrics({
        onCollectError: (error) => logger.warn({ err: error }, 'A metric could not be read'),
      })
    : null;
  metrics?.observeOutbox(() => ports.outboxStore.depth());
  const retentionStore = new KyselyRetentionRepository(database.db);
  if (metrics)
    registerTableMetrics(
      metrics.registry,
      () => retentionStore.statistics(),
      (error) => logger.warn({ err: error }, 'A metric could not be read'),
    );
  if (metrics && options.ssf) {
    const sets = new KyselySsfPollStore(database.db);
    registerSsfMetrics(
      metrics.registry,
      () => sets.countsByStream(),
      (error) => logger.warn({ err: error }, 'A metric could not be read'),
    );
  }
  // The provider's key set, read from now on (token routes answer 503 until its first read); the
  // clock the use cases see (tests move it past the cooldown).
  const keySet = config.jwt.keySet
    ? createProviderKeySet(config.jwt.keySet, { logger, clock: ports.clock })
    : null;
  keySet?.start();
  // DPoP proofs' and logout tokens' jtis, shared by every instance: Redis with REDIS_URL, else the database.
  const replayRedis = config.rateLimit.redisUrl
    ? await connectRedisReplayRecord(config.rateLimit.redisUrl, { logger })
    : null;
  const replayRecord = replayRedis?.record ?? new KyselyReplayRecord(database.db);
  const logout = config.jwt.logout;
  const providerLogout =
    keySet && logout
      ? {
          logoutTokens: new JoseLogoutTokenReader(keySet),
          replay: replayRecord,
          rules: { issuer: keySet.issuer, audiences: logout.audiences, maxAgeSeconds: logout.maxAgeSeconds },
        }
      : null;
  const inFlight = new InFlight();
  const runtime = createAccountRuntime(ports, adapters.timeouts, {
    failureLimit: config.failureLimit,
    twoFactorRequiresPassword: config.twoFactorRequiresPassword,
    domainVerification: config.domainVerification,
    delivery: { ...config.delivery, webhookMaxAgeMs: config.webhooks.maxAgeMs },
    // Every delivery attempt (the worker's, and a request's own right after its commit) is counted.
    ...(metrics ? { authChecks: metrics.authChecks, deliveryObserver: metrics.recordDelivery } : {}),
    wrap: (created) => inFlight.track(created),
    ...(options.ssf ? { channels: ssfChannels(options.ssf, database, ports, config) } : {}),
    ...(providerLogout ? { providerLogout } : {}),
  });
  // The server process re-checks pending custom domains (the CLI never builds a service).
  const { useCases, outboxWorker, domainRecheck } = runtime;

  const retention = retentionTask(retentionStore, {
    retention: config.retention,
    clock: ports.clock,
    logger,
  });

  // No key outside dev mode is refused by loadConfig; dev mode keeps its secret in a file.
  const secretFile = options.devJwtSecretFile ?? DEV_JWT_SECRET_FILE;
  const jwtKey: JwtKey | KeySetKey = keySet
    ? { kind: 'key-set', keySet }
    : (config.jwt.key ?? secretKey(await loadOrCreateDevJwtSecret(secretFile)));
  const devLogin =
    config.devMode && jwtKey.kind === 'secret'
      ? { ...(await demoLogin(database, hasher, jwtKey.secret, config)), secretFile }
      : null;

  const redis = config.rateLimit.redisUrl
    ? await connectRedisWeightedCounter(config.rateLimit.redisUrl, { logger })
    : null;

  const httpConfig = httpConfigOf(config, jwtKey);
  const { dpop } = config.jwt;
  const dpopProofs = new VerifyDpopProof(
    { proofs: new JoseDpopProofReader(), replayRecord, clock: ports.clock },
    dpop.iatWindowSeconds,
  );

  const app = await buildApp({
    useCases,
    config: {
      ...httpConfig,
      jwt: {
        ...httpConfig.jwt,
        dpop: { proofs: dpopProofs, required: dpop.required, publicUrl: dpop.publicUrl },
      },
    },
    logger,
    ping: () => database.ping(),
    ...(redis ? { rateLimitCounter: redis.counter } : {}),
    ...(metrics ? { metrics } : {}),
    serializers: options.serializers ?? precompiledSerializers(SERIALIZERS_DIR),
    ...(options.ssf
      ? { ssf: ssfHttpOptions(options.ssf, database, ports, config, () => outboxWorker.wake()) }
      : {}),
  });
  app.addHook('onClose', async () => {
    await domainRecheck.stop();
    await retention.stop();
    await keySet?.close();
    await inFlight.idle(DRAIN_TIMEOUT_MS);
    await outboxWorker.stop();
    await adapters.close();
    await redis?.close();
    await replayRedis?.close();
    await devBilling?.close();
    await database.close();
  });
  runtime.start();
  retention.start();
  return {
    app,
    metrics,
    outboxWorker,
    logger,
    database,
    migrationsApplied: applied,
    devLogin,
    passwordChecks: { threadPool: threadPoolSize(), ...hasher.limits },
  };
}

/**
 * Dev mode: the demo user (seeded by the adapters) with a fresh random password on every start,
 * and a token for it signed with the dev secret.
 */
async function demoLogin(
  database: DatabaseHandle,
  hasher: Argon2PasswordHasher,
  secret: string,
  config: Config,
): Promise<Omit<DevLogin, 'secretFile'>> {
  const password = randomBytes(12).toString('base64url');
  const user = await seedDemoUser(database.db, await hasher.hash(password));
  const token = mintToken({
    secret,
    userId: user.id,
    expiresInSeconds: DEMO_TOKEN_LIFETIME_SECONDS,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
  });
  return { userId: user.id, email: user.email, password, token };
}

/**
 * The SSF transmitter's settings from the environment (decisions.md, "Security events for
 * receivers"), or null when SSF_SIGNING_KEYS is unset; a ConfigError names a bad variable.
 */
export function loadSsf(env: NodeJS.ProcessEnv, config: Config): Promise<SsfSettings<SsfSigningKey> | null> {
  return loadSsfSettings(env, config.jwt.issuer, parseSsfSigningKeys);
}

/** The transmitter's discovery and stream management over the service's database. */
function ssfHttpOptions(
  settings: SsfSettings<SsfSigningKey>,
  database: DatabaseHandle,
  ports: Pick<Ports, 'clock' | 'random' | 'accounts' | 'unitOfWork'>,
  config: Config,
  wakeWorker: () => void,
): SsfHttpOptions {
  const { issuer, providerIssuer } = settings;
  const streams = new KyselySsfStreamRepository(database.db);
  const manage = new ManageSsfStreams(
    {
      streams,
      clock: ports.clock,
      random: ports.random,
      dropPending: (streamId, problem) => new KyselySsfPollStore(database.db).dropPending(streamId, problem),
      resumePending: async (streamId) => {
        await new KyselySsfPollStore(database.db).resumePending(streamId);
        wakeWorker();
      },
      // On the stream's own line; the worker, woken, pushes it at once (a verification is awaited).
      queueSet: async (streamId, change) => {
        await ports.unitOfWork.run(async (tx) => {
          await tx.outbox.enqueue({
            kind: 'ssf',
            userId: `ssf:${streamId}`,
            payload: { streamId, txn: null, change },
          });
          return ok(undefined);
        });
        wakeWorker();
      },
    },
    {
      pollEndpoint: (streamId) => `${issuer}${SSF_PATHS.poll}${streamId}`,
      allowInsecurePush: settings.allowInsecurePush,
    },
  );
  return {
    discovery: { issuer, jwks: ssfJwks(settings.keys) },
    streams: {
      manage,
      issuer,
      providerIssuer,
      userIdByEmail: async (email) => (await ports.accounts.findByEmail(email))?.id ?? null,
      poll: new PollSsfStream(
        {
          streams,
          sets: new KyselySsfPollStore(database.db),
          signer: new JoseSetSigner(settings.keys),
          clock: ports.clock,
        },
        {
          issuer,
          maxAgeMs: config.webhooks.maxAgeMs,
          waitMs: SSF_POLL_WAIT_MS,
          checkEveryMs: SSF_POLL_CHECK_MS,
        },
      ),
    },
  };
}

/** The SSF transmitter's outbox channel: SETs queued with the changes, signed and pushed or polled. */
function ssfChannels(
  settings: SsfSettings<SsfSigningKey>,
  database: DatabaseHandle,
  ports: Pick<Ports, 'clock'>,
  config: Config,
): OutboxChannel[] {
  const channel = ssfChannel(
    {
      clock: ports.clock,
      streams: new KyselySsfStreamRepository(database.db),
      signer: new JoseSetSigner(settings.keys),
      pusher: new HttpSetPusher({
        timeoutMs: config.webhooks.timeoutMs,
        allowInsecure: settings.allowInsecurePush,
      }),
    },
    {
      issuer: settings.issuer,
      providerIssuer: settings.providerIssuer,
      maxAgeMs: config.webhooks.maxAgeMs,
      pushTimeoutMs: config.webhooks.timeoutMs,
    },
  );
  return [channel];
}
