/**
 * A user agent for the provider's pages: fetch with a cookie jar and no automatic redirects, so
 * that a test follows each step of a sign-in (and reads where the last one sends it).
 */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers = new Headers();
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
    });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  /** Follows redirects from `url` until an answer that is not one, or one that leaves `origin`. */
  async follow(url: string, origin: string): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null)
        return { url: current, response };
      current = new URL(location, current).toString();
      if (new URL(current).origin !== origin) return { url: current, response };
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  // Paths are ignored: one sign-in at a time, and the provider's cookies have distinct names.
  private store(line: string) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
