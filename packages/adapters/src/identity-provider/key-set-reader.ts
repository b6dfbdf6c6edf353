import { fetchJsonDocument, isKeySetUrl, KeySetReadError } from './bounded-fetch.js';

/** The discovery document names an issuer other than the configured one: a failed read. */
export class IssuerChanged extends KeySetReadError {
  constructor(
    readonly expected: string,
    readonly received: unknown,
  ) {
    super(`the discovery document's issuer is ${shown(received)}, not ${shown(expected)}`);
    this.name = 'IssuerChanged';
  }
}

/** A value of a document as the log shows it: JSON, cut at 200 characters. */
const shown = (value: unknown) => {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** OpenID Connect Discovery 1.0 §4: the issuer without one trailing `/`, then the well-known path. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.endsWith('/') ? issuer.slice(0, -1) : issuer}/.well-known/openid-configuration`;
}

/**
 * One read of the provider's key set: by discovery (the document's `issuer` must equal the
 * configured one exactly, its `jwks_uri` is the set, held to the same URL rule), or at the
 * configured URL directly. Each read asks for the discovery document again, so that an issuer
 * changed after the start is seen.
 */
export function keySetReader(options: {
  issuer: string;
  /** JWT_JWKS_URL: no discovery. */
  jwksUrl: string | null;
  timeoutMs: number;
}): () => Promise<unknown> {
  const { issuer, jwksUrl, timeoutMs } = options;
  if (jwksUrl !== null) return () => fetchJsonDocument(jwksUrl, timeoutMs);
  const discovery = discoveryUrl(issuer);
  return async () => {
    const document = await fetchJsonDocument(discovery, timeoutMs);
    const metadata = (typeof document === 'object' && document !== null ? document : {}) as Record<
      string,
      unknown
    >;
    if (metadata.issuer !== issuer) throw new IssuerChanged(issuer, metadata.issuer);
    const uri = metadata.jwks_uri;
    if (typeof uri !== 'string' || !isKeySetUrl(uri)) {
      throw new KeySetReadError(
        `${discovery} names no usable jwks_uri (https://, or http:// on a loopback host): ${shown(uri)}`,
      );
    }
    return fetchJsonDocument(uri, timeoutMs);
  };
}
