import { isIP } from 'node:net';
import type { Config, LogLevel } from '../config.js';
import { ConfigError } from './config-error.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** A variable's trimmed value; null when unset or blank. */
export type Read = (name: string) => string | null;

/** A check of one variable's value: returns what the configuration keeps, or throws a ConfigError. */
export type Parse<T> = (name: string, value: string) => T;

export function reader(env: Env): Read {
  return (name) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? null : value;
  };
}

/** The parsed value of `name`, or null when it is unset. */
export function optional<T>(read: Read, name: string, parse: Parse<T>): T | null {
  const value = read(name);
  return value === null ? null : parse(name, value);
}

export function integer({ min, max }: { min: number; max: number }): Parse<number> {
  return (name, value) => {
    if (!/^\d+$/.test(value)) throw new ConfigError(name, `must be a whole number, got "${value}"`);
    const number = Number(value);
    if (number < min || number > max) {
      throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
    }
    return number;
  };
}

/** Comma-separated items, trimmed, blanks dropped. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** An http(s) URL, without trailing slashes. */
export function httpUrl(name: string, value: string): string {
  if (!URL.canParse(value)) throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export function parseRedisUrl(name: string, value: string): string {
  if (!/^rediss?:\/\/./.test(value) || !URL.canParse(value)) {
    throw new ConfigError(name, 'must be a redis:// or rediss:// URL');
  }
  return value;
}

export function parseBillingServer(name: string, value: string): Config['billing']['server'] {
  if (value !== 'sandbox' && value !== 'production') {
    throw new ConfigError(name, `must be "sandbox" or "production", got "${value}"`);
  }
  return value;
}

export function parseOrigins(name: string, value: string): string[] {
  const origins = splitList(value);
  if (origins.length === 0) throw new ConfigError(name, 'lists no origin');
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ConfigError(name, `holds "${origin}", which is not an origin like https://app.example.com`);
    }
  }
  return origins;
}

export function parseTrustProxy(name: string, value: string): boolean | number | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = splitList(value);
  for (const address of addresses) {
    const [ip, prefix, ...rest] = address.split('/');
    const version = isIP(ip ?? '');
    const validPrefix =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (version === 0 || !validPrefix || rest.length > 0) {
      throw new ConfigError(
        name,
        `must be true, false, a hop count or a comma-separated list of addresses/CIDRs, got "${address}"`,
      );
    }
  }
  return addresses;
}

/** `true`/`1` or `false`/`0`, in any letter case. */
export function parseBoolean(name: string, value: string): boolean {
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseLogLevel(name: string, value: string): LogLevel {
  const level = LOG_LEVELS.find((candidate) => candidate === value);
  if (!level) throw new ConfigError(name, `must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}
