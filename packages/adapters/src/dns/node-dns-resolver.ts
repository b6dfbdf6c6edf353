import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { DnsResolver } from '@accounts/application';

export const DEFAULT_DNS_TIMEOUT_MS = 3_000;

/** Answers that mean "no such record", not a failed lookup. */
const NOT_FOUND = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * One resolver address as `setServers` takes it, from `host[:port]`: an IPv4 address with an
 * optional port, or an IPv6 address (in brackets when a port follows). Null when it is not one.
 */
export function parseDnsServer(text: string): string | null {
  const value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  const ipv4 = /^([^:]+)(?::(\d{1,5}))?$/.exec(value);
  const [host, port] = bracketed
    ? [bracketed[1], bracketed[2]]
    : ipv4
      ? [ipv4[1], ipv4[2]]
      : [value, undefined];
  if (!host) return null;
  const family = isIP(host);
  if (family === 0 || (family === 4 && bracketed)) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  if (port === undefined) return host;
  return family === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}

export type NodeDnsResolverOptions = {
  /** `host[:port]` addresses (see parseDnsServer); none: the system's resolvers. */
  servers?: readonly string[];
  timeoutMs?: number;
};

/**
 * TXT lookups through node:dns (c-ares), bounded as a whole by `timeoutMs`: a resolver of its own
 * per lookup, one try per server, cancelled when the time is up.
 */
export class NodeDnsResolver implements DnsResolver {
  private readonly servers: string[];
  private readonly timeoutMs: number;

  constructor(options: NodeDnsResolverOptions = {}) {
    this.servers = (options.servers ?? []).map((server) => {
      const parsed = parseDnsServer(server);
      if (parsed === null) throw new RangeError(`"${server}" is not an IP address with an optional port`);
      return parsed;
    });
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  }

  async resolveTxt(name: string): Promise<string[]> {
    const resolver = new Resolver({ timeout: this.timeoutMs, tries: 1 });
    if (this.servers.length > 0) resolver.setServers(this.servers);
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      deadline.abort();
      resolver.cancel();
    }, this.timeoutMs);
    try {
      const records = await resolver.resolveTxt(name);
      return records.map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && NOT_FOUND.has(code)) return [];
      const reason = deadline.signal.aborted
        ? `no answer within ${this.timeoutMs} ms`
        : String(code ?? error);
      throw new Error(`TXT lookup of ${name} failed: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}
