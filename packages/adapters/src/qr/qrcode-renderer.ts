import type { QrCodeRenderer } from '@accounts/application';
import { Piscina } from 'piscina';
import type { QRCodeToDataURLOptions } from 'qrcode';

// Handed to the worker (qrcode-worker.js) with each text; `satisfies` checks them against the qrcode package's types.
const RENDER_OPTIONS = {
  type: 'image/png',
  errorCorrectionLevel: 'M',
  margin: 4,
  scale: 6,
} as const satisfies QRCodeToDataURLOptions;

type Task = { text: string; options: QRCodeToDataURLOptions };

/**
 * Set-ups are rare: one thread is enough, and it is let go after this long without a request (a
 * burst of set-ups keeps it; an idle service holds no thread and no heap for it).
 */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * PNG QR codes from the qrcode package, rendered on a piscina pool of one thread, created at the
 * first request: the rendering is synchronous CPU work that would otherwise stall the event loop.
 * With no thread kept (`minThreads: 0`) an idle pool lets its thread go after `idleTimeout`, and
 * piscina unreferences a thread that has no task, so an idle renderer never keeps the process alive
 * (test/system/qrcode-renderer.test.ts checks both in a process of its own).
 */
export class QrcodeRenderer implements QrCodeRenderer {
  private pool: Piscina<Task, string> | null = null;
  /** Why a pool was stopped, for the requests it rejects as it goes. */
  private readonly stopped = new WeakMap<Piscina<Task, string>, string>();

  async toPngDataUri(text: string): Promise<string> {
    const pool = this.pool ?? this.start();
    try {
      return await pool.run({ text, options: RENDER_OPTIONS });
    } catch (error) {
      const stopped = this.stopped.get(pool);
      if (stopped) throw new Error(stopped, { cause: error });
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`QR code rendering failed: ${message}`, { cause: error });
    }
  }

  /** Destroys the pool; requests still in flight are rejected. The next request starts a new one. */
  async close(): Promise<void> {
    if (this.pool) await this.stop(this.pool, 'QR code renderer was closed');
  }

  private start(): Piscina<Task, string> {
    const pool = new Piscina<Task, string>({
      filename: new URL('./qrcode-worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_TIMEOUT_MS,
    });
    // A thread failing outside a task (piscina's 'error' event): the next request starts a new pool.
    pool.on('error', () => void this.stop(pool, 'QR code worker failed'));
    this.pool = pool;
    return pool;
  }

  private async stop(pool: Piscina<Task, string>, reason: string): Promise<void> {
    if (this.stopped.has(pool)) return;
    this.stopped.set(pool, reason);
    if (this.pool === pool) this.pool = null;
    await pool.destroy();
  }
}
