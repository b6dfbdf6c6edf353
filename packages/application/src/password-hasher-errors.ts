/**
 * Thrown by a PasswordHasher that cannot start a check soon: as many run as the machine has room
 * for and the line behind them is full. Nothing was checked, so nothing counts towards the failure
 * limit; the caller may retry after `retryAfterSeconds`. Refusing at once keeps the wait, and the
 * memory of checks queued without end, bounded.
 */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks under way');
    this.name = 'PasswordChecksBusy';
  }
}
