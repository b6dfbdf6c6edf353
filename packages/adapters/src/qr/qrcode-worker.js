// @ts-check
// The QR worker's module, plain JavaScript so that the same file runs beside the TypeScript sources
// (tests) and in dist/ (tsc copies it, allowJs): qrcode-renderer.ts starts it by its URL.
import { parentPort, workerData } from 'node:worker_threads';
import QRCode from 'qrcode';

/** @type {import('qrcode').QRCodeToDataURLOptions} */
const options = workerData.options;

parentPort?.on('message', (/** @type {{ id: number; text: string }} */ { id, text }) => {
  QRCode.toDataURL(text, options).then(
    (value) => parentPort?.postMessage({ id, ok: true, value }),
    (/** @type {unknown} */ error) =>
      parentPort?.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
