import { pino, type DestinationStream } from 'pino';

/** Past this much text waiting, it is written at once rather than at the end of the turn. */
const MAX_PENDING_CHARS = 64 * 1024;

type Target = { write(text: string): unknown; flushSync(): void };

/**
 * The log's destination: the lines of one turn of the event loop, written together at its end
 * (and at once past 64 KiB). Under load a turn ends many requests, and a write per line was most
 * of what a cheap request's log line cost; at rest a line waits for nothing but the rest of its
 * turn. Whatever is pending is written before the process exits, however it exits short of a
 * SIGKILL (which loses at most the lines of the turn it interrupts).
 */
export class TurnBatchedDestination implements DestinationStream {
  private pending = '';
  private scheduled = false;

  constructor(private readonly target: Target) {}

  write(line: string): void {
    this.pending += line;
    if (this.pending.length >= MAX_PENDING_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Writes what is pending now, synchronously. */
  flushSync(): void {
    this.flush();
    this.target.flushSync();
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.target.write(text);
  };
}

let stdout: TurnBatchedDestination | undefined;

/**
 * With LOG_BATCH_PER_TURN=true, standard output written synchronously once per turn (one per
 * process, flushed when it exits); otherwise undefined, and pino writes to standard output as it
 * does by default. It buys fewer write calls under load, not different lines.
 */
export function turnBatchedStdout(env: NodeJS.ProcessEnv = process.env): TurnBatchedDestination | undefined {
  if (!logBatchPerTurn(env.LOG_BATCH_PER_TURN)) return undefined;
  if (stdout === undefined) {
    const destination = new TurnBatchedDestination(pino.destination({ dest: 1, sync: true }));
    process.on('exit', () => {
      destination.flushSync();
    });
    stdout = destination;
  }
  return stdout;
}

/** LOG_BATCH_PER_TURN: `true`/`1` or `false`/`0` (any letter case); unset or empty is false. */
export function logBatchPerTurn(value: string | undefined): boolean {
  const lower = (value ?? '').trim().toLowerCase();
  if (lower === '' || lower === 'false' || lower === '0') return false;
  if (lower === 'true' || lower === '1') return true;
  throw new Error(`LOG_BATCH_PER_TURN must be true or false, got "${value ?? ''}"`);
}
