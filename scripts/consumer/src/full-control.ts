// The full-control path: the ports are the host's, here the adapters' with a clock of its own,
// and createUseCases builds the use cases over them.
import { createUseCases, type Clock, type Logger } from '@accounts/application';
import { createAccountPorts, insertUser, migrateToLatest, openDatabase } from '@accounts/adapters';
import { generate } from 'otplib';
import { check } from './check.js';

/** The host's own clock: a fixed instant, moved by hand. */
class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The host's own logger: keeps the lines. */
const lines: string[] = [];
const logger: Logger = {
  info: (_details, message) => lines.push(`info ${message}`),
  warn: (_details, message) => lines.push(`warn ${message}`),
  error: (_details, message) => lines.push(`error ${message}`),
};

const clock = new FixedClock(new Date('2030-01-01T00:00:00Z'));
const database = await openDatabase(process.env.DATABASE_URL ?? 'pglite://memory');
await migrateToLatest(database.db);
const adapters = await createAccountPorts(database, { totp: { issuer: 'Full Control' }, logger });
try {
  const ports = { ...adapters.ports, clock };
  const useCases = createUseCases(ports);
  const user = await insertUser(database.db, {
    email: 'full-control@example.com',
    passwordHash: await ports.hasher.hash('a long passphrase'),
  });

  const setUp = await useCases.setUpTwoFactor.execute({ userId: user.id });
  if (!setUp.ok) throw new Error(`2FA set-up refused: ${setUp.error.type}`);
  const secret = setUp.value.secret;
  // A code for the host clock's time, not the machine's: accepted only if the use case asked our clock.
  const at = (date: Date) => generate({ secret, epoch: Math.floor(date.getTime() / 1000) });
  const confirmed = await useCases.confirmTwoFactor.execute({
    userId: user.id,
    secret,
    verificationCode: await at(clock.now()),
  });
  check("a code for the host's clock confirms 2FA", confirmed.ok);

  clock.advance(10 * 60_000);
  const stale = await useCases.disableTwoFactor.execute({
    userId: user.id,
    verificationCode: await at(new Date('2030-01-01T00:00:00Z')),
  });
  check('ten minutes later by that clock, the old code is refused', !stale.ok);
  const fresh = await useCases.disableTwoFactor.execute({
    userId: user.id,
    verificationCode: await at(clock.now()),
  });
  check("a code for the clock's new time turns 2FA off", fresh.ok);
} finally {
  await adapters.close();
  await database.close();
}
console.log('full control: ok');
