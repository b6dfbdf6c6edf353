import { Worker } from 'node:worker_threads';
import type { QrCodeRenderer } from '@accounts/application';
import type { QRCodeToDataURLOptions } from 'qrcode';

/** What the worker is asked, and what it answers. */
type Request = { id: number; text: string };
type Reply = { id: number; ok: true; value: string } | { id: number; ok: false; message: string };
type Pending = { resolve: (value: string) => void; reject: (error: Error) => void };

// Handed to the worker (qrcode-worker.js) as plain data; `satisfies` checks them against the qrcode package's types.
const RENDER_OPTIONS = {
  type: 'image/png',
  errorCorrectionLevel: 'M',
  margin: 4,
  scale: 6,
} as const satisfies QRCodeToDataURLOptions;

/**
 * PNG QR codes from the qrcode package, rendered in one lazily started worker thread: the
 * rendering is synchronous CPU work that would otherwise stall the event loop. The worker is
 * unreferenced while idle, so it never keeps the process alive on its own.
 */
export class QrcodeRenderer implements QrCodeRenderer {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  toPngDataUri(text: string): Promise<string> {
    const worker = this.worker ?? this.start();
    const id = ++this.nextId;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref(); // a request in flight keeps the process alive until it is answered
      worker.postMessage({ id, text } satisfies Request);
    });
  }

  /** Stops the worker; requests still in flight are rejected. The next request starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.discard(worker, new Error('QR code renderer was closed'));
    await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./qrcode-worker.js', import.meta.url), {
      workerData: { options: RENDER_OPTIONS },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(worker, reply));
    worker.on('error', (error) => {
      this.discard(worker, new Error('QR code worker failed', { cause: error }));
      void worker.terminate();
    });
    worker.on('messageerror', (error) => {
      this.discard(worker, new Error('QR code worker sent an unreadable message', { cause: error }));
      void worker.terminate();
    });
    worker.on('exit', (code) =>
      this.discard(worker, new Error(`QR code worker stopped (exit code ${code})`)),
    );
    this.worker = worker;
    return worker;
  }

  private settle(worker: Worker, reply: Reply): void {
    const request = this.pending.get(reply.id);
    if (!request) return;
    this.pending.delete(reply.id);
    if (reply.ok) request.resolve(reply.value);
    else request.reject(new Error(`QR code rendering failed: ${reply.message}`));
    if (this.pending.size === 0 && this.worker === worker) worker.unref();
  }

  /** Forgets a failed or closed worker and rejects what it was asked; the next request starts anew. */
  private discard(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const requests = [...this.pending.values()];
    this.pending.clear();
    for (const request of requests) request.reject(error);
  }
}
