import { isIP } from 'node:net';
import { Type, type TSchema, type TSchemaOptions } from 'typebox';

/**
 * Builders for the configuration schema: each variable is a TypeBox schema whose `description`
 * is its one-line meaning, `default` its value when unset, and `x-unset` what happens when it is
 * unset and has no plain default. `x-accepts` says in words what a refined string takes.
 */
type VariableOptions = TSchemaOptions & { description: string; 'x-unset'?: string };

export const integer = (minimum: number, maximum: number, options: VariableOptions) =>
  Type.Integer({ minimum, maximum, ...options });

export const flag = (options: VariableOptions) => Type.Boolean(options);

export const text = (options: VariableOptions & { pattern?: string }) => Type.String(options);

export const oneOf = <const Values extends string[]>(
  values: readonly [...Values],
  options: VariableOptions,
) => Type.Enum(values, options);

/** A string that `check` accepts; `accepts` names what it takes, for the error and the tables. */
export const refined = (accepts: string, check: (value: string) => boolean, options?: VariableOptions) =>
  Type.Refine(
    Type.String({ ...options, 'x-accepts': accepts }),
    check,
    (value) => `must be ${accepts}, got "${value}"`,
  );

/** Comma-separated items, at least one. */
export const list = <Item extends TSchema>(item: Item, options: VariableOptions) =>
  Type.Array(item, { minItems: 1, ...options });

/** An http(s) URL. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

/** An http(s) URL without query or fragment (`?` or `#` even when empty). */
export const isPublicUrl = (value: string) =>
  isHttpUrl(value) && !value.includes('?') && !value.includes('#');

/** An origin such as `https://app.example.com` (no path). */
export const isOrigin = (value: string) => URL.canParse(value) && new URL(value).origin === value;

/** An IPv4 or IPv6 address, with an optional CIDR prefix. */
export function isAddressOrRange(value: string): boolean {
  const [ip, prefix, ...rest] = value.split('/');
  const version = isIP(ip ?? '');
  const validPrefix =
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
  return version !== 0 && validPrefix && rest.length === 0;
}
