// @ts-check
// The QR renderer's task, run by piscina on its worker thread. Plain JavaScript so that the same file
// runs beside the TypeScript sources (tests) and in dist/ (tsc copies it, allowJs); the HTTP bundle
// makes it an entry of its own beside main.js. qrcode-renderer.ts names it by its URL.
import QRCode from 'qrcode';

/**
 * One PNG data URI: the rendering is synchronous CPU work, kept off the caller's event loop.
 * @param {{ text: string; options: import('qrcode').QRCodeToDataURLOptions }} task
 * @returns {Promise<string>}
 */
export default function render({ text, options }) {
  return QRCode.toDataURL(text, options);
}
