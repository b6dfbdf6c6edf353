import { ConfigError } from './config-error.js';
import { parseVariables, type Env } from './parse-variables.js';

/** The SSF transmitter's settings (decisions.md, "Security events for receivers"). */
export type SsfSettings<Key> = {
  /** PUBLIC_URL's origin: the transmitter's `issuer`. */
  issuer: string;
  /** The identity provider's issuer: subjects name users by it (`iss_sub`). */
  providerIssuer: string;
  /** SSF_SIGNING_KEYS, in order: the first signs. */
  keys: Key[];
  /** SSF_ALLOW_INSECURE_PUSH: http, loopback and private push targets allowed. */
  allowInsecurePush: boolean;
};

/**
 * The transmitter's settings, or null when SSF_SIGNING_KEYS is unset (the feature is off). Each
 * variable is read as ConfigSchema declares it; the rules between them are here.
 * `parseKeys` reads the keys (parseSsfSigningKeys of the adapters) and throws with a problem that
 * names no key material. Refuses, naming the variable: keys without PUBLIC_URL, a PUBLIC_URL with
 * a path, query or fragment, or without the provider's issuer (OIDC_ISSUER or JWT_ISSUER).
 */
export async function loadSsfSettings<Key>(
  env: Env,
  providerIssuer: string | null,
  parseKeys: (text: string) => Promise<Key[]>,
): Promise<SsfSettings<Key> | null> {
  const v = parseVariables(env, ['PUBLIC_URL', 'SSF_SIGNING_KEYS', 'SSF_ALLOW_INSECURE_PUSH']);
  const text = v.SSF_SIGNING_KEYS;
  if (text === undefined) return null;
  let keys: Key[];
  try {
    keys = await parseKeys(text);
  } catch (error) {
    throw new ConfigError('SSF_SIGNING_KEYS', error instanceof Error ? error.message : 'cannot be read');
  }
  const publicUrl = v.PUBLIC_URL;
  if (publicUrl === undefined) {
    throw new ConfigError('PUBLIC_URL', "is required with SSF_SIGNING_KEYS (it is the transmitter's issuer)");
  }
  // The schema has refused a URL that is no http(s) or has a query or fragment.
  const url = new URL(publicUrl);
  if (url.pathname !== '/') {
    throw new ConfigError(
      'PUBLIC_URL',
      `must have no path, query or fragment with SSF_SIGNING_KEYS (the transmitter's issuer), got "${publicUrl}"`,
    );
  }
  if (providerIssuer === null || providerIssuer === '') {
    throw new ConfigError(
      'SSF_SIGNING_KEYS',
      "needs the identity provider's issuer (OIDC_ISSUER or JWT_ISSUER): subjects name users by it",
    );
  }
  return { issuer: url.origin, providerIssuer, keys, allowInsecurePush: v.SSF_ALLOW_INSECURE_PUSH };
}
