/** RFC 3986 appendix B: scheme, authority, path; query and fragment are left out. */
const URI_PARTS = /^([^:/?#]+):\/\/([^/?#]*)([^?#]*)(?:\?[^#]*)?(?:#.*)?$/;
const AUTHORITY = /^((?:[^@]*@)?)(\[[^\]]*\]|[^:]*)(?::(\d*))?$/;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };
const PERCENT_ESCAPE = /%([0-9a-fA-F]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Unreserved characters decoded, every other escape in upper case (RFC 3986 §6.2.2.1–2). */
function normalizeEscapes(part: string): string {
  return part.replace(PERCENT_ESCAPE, (_escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}

/** RFC 3986 §5.2.4, on an absolute path. */
function removeDotSegments(path: string): string {
  const output: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '..') {
      output.pop();
      if (last) output.push('');
    } else if (segment === '.') {
      if (last) output.push('');
    } else {
      output.push(segment);
    }
  });
  return `/${output.join('/')}`;
}

/**
 * An http(s) URL without its query and fragment, after RFC 3986 syntax- and scheme-based
 * normalisation (§6.2.2, §6.2.3): scheme and host in lower case, the default port and an empty
 * port dropped, unreserved escapes decoded and the others in upper case, dot segments removed, an
 * empty path `/`. Null when it is no absolute http(s) URL with a host. Two URLs that name the same
 * resource compare equal as strings once normalised (a DPoP proof's `htu`, RFC 9449 §4.3).
 */
export function normalizeHttpUrl(url: string): string | null {
  const parts = URI_PARTS.exec(url);
  if (!parts) return null;
  const [, rawScheme = '', rawAuthority = '', rawPath = ''] = parts;
  const scheme = rawScheme.toLowerCase();
  const defaultPort = DEFAULT_PORTS[scheme];
  if (defaultPort === undefined) return null;
  const authority = AUTHORITY.exec(rawAuthority);
  if (!authority) return null;
  const [, userInfo = '', rawHost = '', rawPort = ''] = authority;
  const host = normalizeEscapes(rawHost).toLowerCase();
  if (host === '') return null;
  const port = rawPort === '' ? '' : String(Number(rawPort));
  if (Number(port) > 65535) return null;
  const portPart = port === '' || port === defaultPort ? '' : `:${port}`;
  const path = rawPath === '' ? '/' : removeDotSegments(normalizeEscapes(rawPath));
  return `${scheme}://${normalizeEscapes(userInfo)}${host}${portPart}${path}`;
}
