import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { observeEventLoop } from '../support/event-loop.js';
import { QrcodeRenderer } from '@accounts/adapters';

const URI =
  'otpauth://totp/Acme%20Accounts:jane%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' +
  '&issuer=Acme%20Accounts&algorithm=SHA1&digits=6&period=30';
const PREFIX = 'data:image/png;base64,';
// jsqr is CommonJS: its typed default export is `module.exports.default` (the same function).
const jsQR = jsqr.default;

function decode(dataUri: string): string | null {
  const png = PNG.sync.read(Buffer.from(dataUri.slice(PREFIX.length), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('QrcodeRenderer', () => {
  const renderer = new QrcodeRenderer();
  afterAll(() => renderer.close());

  it('renders a PNG data URI that decodes back to the same otpauth URL', async () => {
    const dataUri = await renderer.toPngDataUri(URI);
    expect(dataUri.startsWith(PREFIX)).toBe(true);
    expect(decode(dataUri)).toBe(URI);
  });

  it('answers concurrent requests each with its own image', async () => {
    const texts = Array.from({ length: 5 }, (_, i) => `${URI}&n=${i}`);
    const images = await Promise.all(texts.map((text) => renderer.toPngDataUri(text)));
    expect(images.map(decode)).toEqual(texts);
  });

  it('keeps the event loop responsive while twenty renders run', async () => {
    // Long texts make each render slow enough (version 30+ symbols) for blocking to show.
    const texts = Array.from({ length: 20 }, (_, i) => `${URI}&pad=${String(i).repeat(600).slice(0, 600)}`);
    await renderer.toPngDataUri(URI); // the pool's thread is up
    const {
      results: images,
      ticks,
      ticksBeforeFirstResult,
    } = await observeEventLoop(texts.map((text) => () => renderer.toPngDataUri(text)));

    expect(images).toHaveLength(20);
    expect(decode(images[19]!)).toBe(texts[19]);
    // Rendered on the event loop, all twenty would be drawn before any timer could fire.
    expect(ticksBeforeFirstResult).toBeGreaterThanOrEqual(1);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('rejects a text too long for a QR code, and keeps serving', async () => {
    await expect(renderer.toPngDataUri('x'.repeat(8000))).rejects.toThrow(/QR code rendering failed/);
    expect(decode(await renderer.toPngDataUri(URI))).toBe(URI);
  });

  it('rejects requests in flight when closed, and starts a new pool for the next one', async () => {
    const local = new QrcodeRenderer();
    const inFlight = expect(local.toPngDataUri(URI)).rejects.toThrow(/closed/);
    await local.close();
    await inFlight;
    expect(decode(await local.toPngDataUri(URI))).toBe(URI);
    await local.close();
  });
});
