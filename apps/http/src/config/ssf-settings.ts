import { ConfigError } from './config-error.js';

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

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The transmitter's settings, or null when SSF_SIGNING_KEYS is unset (the feature is off).
 * `parseKeys` reads the keys (parseSsfSigningKeys of the adapters) and throws with a problem that
 * names no key material. Refuses, naming the variable: keys without PUBLIC_URL, a PUBLIC_URL with
 * a path, query or fragment, or without the provider's issuer (OIDC_ISSUER or JWT_ISSUER).
 */
export async function loadSsfSettings<Key>(
  env: Environment,
  providerIssuer: string | null,
  parseKeys: (text: string) => Promise<Key[]>,
): Promise<SsfSettings<Key> | null> {
  const allowInsecurePush = flag(env, 'SSF_ALLOW_INSECURE_PUSH');
  const text = env.SSF_SIGNING_KEYS?.trim() ?? '';
  if (text === '') return null;
  let keys: Key[];
  try {
    keys = await parseKeys(text);
  } catch (error) {
    throw new ConfigError('SSF_SIGNING_KEYS', error instanceof Error ? error.message : 'cannot be read');
  }
  const publicUrl = env.PUBLIC_URL;
  if (publicUrl === undefined || publicUrl === '') {
    throw new ConfigError('PUBLIC_URL', "is required with SSF_SIGNING_KEYS (it is the transmitter's issuer)");
  }
  if (!URL.canParse(publicUrl))
    throw new ConfigError('PUBLIC_URL', `must be an absolute URL, got "${publicUrl}"`);
  const url = new URL(publicUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError('PUBLIC_URL', `must be an http(s) URL, got "${publicUrl}"`);
  }
  if (
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    publicUrl.includes('?') ||
    publicUrl.includes('#')
  ) {
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
  return { issuer: url.origin, providerIssuer, keys, allowInsecurePush };
}

function flag(env: Environment, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return false;
  const lower = raw.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}
