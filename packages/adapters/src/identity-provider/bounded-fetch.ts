import { isIP } from 'node:net';

/** The most of a discovery document or key set that is read (decisions.md, "Keys from the provider"). */
const MAX_DOCUMENT_BYTES = 256 * 1024;

/** A read of the provider's documents that failed; its message names the URL and why, never a key. */
export class KeySetReadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeySetReadError';
  }
}

/** `localhost`, 127.0.0.0/8 or ::1: the only hosts a plain `http://` key set may be read from. */
function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (hostname === '[::1]') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

/**
 * A URL the provider's documents may be read from: `https://`, or `http://` on a loopback host;
 * no user name or password in it (it is logged when a read fails).
 */
export function isKeySetUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/**
 * GET `url` as JSON, bounded: `timeoutMs` for the whole exchange (headers and body), at most
 * MAX_DOCUMENT_BYTES of body, no redirect followed, only a 200 taken. Throws a KeySetReadError.
 */
export async function fetchJsonDocument(url: string, timeoutMs: number): Promise<unknown> {
  if (!isKeySetUrl(url)) {
    throw new KeySetReadError(`${url} is neither https:// nor http:// on a loopback host`);
  }
  const abort = new AbortController();
  // A timer of our own rather than AbortSignal.timeout: the tests' fake timers reach it.
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: abort.signal,
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
      throw new KeySetReadError(`${url} answered ${response.status}${redirect}`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > MAX_DOCUMENT_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw new KeySetReadError(`${url} is larger than ${MAX_DOCUMENT_BYTES} bytes`);
    }
    const text = await boundedText(response, url);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new KeySetReadError(`${url} did not answer JSON`);
    }
  } catch (error) {
    if (error instanceof KeySetReadError) throw error;
    if (abort.signal.aborted) throw new KeySetReadError(`${url} did not answer within ${timeoutMs} ms`);
    throw new KeySetReadError(`${url} could not be read`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The body as text, refused as soon as it passes MAX_DOCUMENT_BYTES. */
async function boundedText(response: Response, url: string): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    // Fetch's body is a stream of bytes; Node's types leave its chunks untyped.
    const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
    if (done || value === undefined) break;
    size += value.byteLength;
    if (size > MAX_DOCUMENT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new KeySetReadError(`${url} is larger than ${MAX_DOCUMENT_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
