// Embedding the account use cases in another Node service: no HTTP, the same rules.
import { createUseCases, OutboxDelivery, OutboxWorker, type Logger, type Ports } from '@accounts/application';
import {
  Argon2PasswordHasher,
  createPersistence,
  createSecretCipher,
  CryptoRandomSource,
  CURSOR_KEY_NAME,
  HmacCursorSealer,
  HttpBillingGateway,
  HttpWebhookSender,
  insertEntitlement,
  insertUser,
  loadServerKey,
  migrateToLatest,
  NodeDnsResolver,
  openDatabase,
  OtplibTotp,
  QrcodeRenderer,
  SimpleWebAuthnPasskeyVerifier,
  SystemClock,
} from '@accounts/adapters';

const logger: Logger = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

export async function runEmbeddedExample(databaseUrl = 'pglite://memory', log: Logger = logger) {
  const database = await openDatabase(databaseUrl);
  await migrateToLatest(database.db);
  const hasher = new Argon2PasswordHasher();
  const qrCodes = new QrcodeRenderer();
  const ports: Ports = {
    ...createPersistence(database.db),
    hasher,
    totp: new OtplibTotp({ issuer: 'My Product' }),
    qrCodes,
    secrets: createSecretCipher({ key: process.env.TOTP_ENCRYPTION_KEY }),
    billing: new HttpBillingGateway({
      accessToken: process.env.BILLING_ACCESS_TOKEN,
      server: 'production',
      timeoutMs: 5_000,
    }),
    dns: new NodeDnsResolver({ timeoutMs: 3_000 }),
    cursors: new HmacCursorSealer(await loadServerKey(database.db, CURSOR_KEY_NAME)),
    webhooks: new HttpWebhookSender({
      url: process.env.WEBHOOK_URL,
      secret: process.env.WEBHOOK_SECRET,
      timeoutMs: 5_000,
    }),
    random: new CryptoRandomSource(),
    clock: new SystemClock(),
    logger: log,
    passkeyVerifier: new SimpleWebAuthnPasskeyVerifier({
      rpId: 'localhost',
      rpName: 'Embedded example',
      origins: ['http://localhost:3000'],
    }),
  };
  // Retries what the billing provider or the webhook receiver did not confirm at once.
  const worker = new OutboxWorker(ports, new OutboxDelivery(ports), { pollMs: 1_000, leaseMs: 15_000 });
  const accounts = createUseCases(ports, { outbox: { onQueued: () => worker.wake() } });
  worker.start();

  try {
    const ann = await insertUser(database.db, {
      email: 'ann@example.com',
      passwordHash: await hasher.hash('correct horse battery staple'),
    });
    await insertEntitlement(database.db, { userId: ann.id, service: 'DROP', tier: 'enterprise' });

    // Outcomes a caller can act on come back as values, never as exceptions.
    const connected = await accounts.connectCustomDomain.execute({
      userId: ann.id,
      domain: ' files.example.com ',
    });
    const domain = await accounts.getCustomDomain.execute({ userId: ann.id });
    const wrongPassword = await accounts.disableAccount.execute({ userId: ann.id, password: 'guess' });
    const disabled = await accounts.disableAccount.execute({
      userId: ann.id,
      password: 'correct horse battery staple',
    });
    const gate = await accounts.authorizeAccount.execute({ userId: ann.id, operation: 'get-custom-domain' });
    return { connected, domain, wrongPassword, disabled, gate };
  } finally {
    await worker.stop();
    await qrCodes.close();
    await database.close();
  }
}
