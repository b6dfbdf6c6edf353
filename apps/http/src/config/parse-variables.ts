import { Type, type TSchema } from 'typebox';
// typebox/schema's Check, not typebox/value's: the same check, with far fewer modules to load at start.
import { Check } from 'typebox/schema';
import { ConfigError } from './config-error.js';
import { ConfigSchema, type ConfigVariable, type ConfigVariables } from './config-schema.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** A raw value the schema's kind cannot even be read from (`eighty` for an integer). */
const UNREADABLE = Symbol('unreadable');

/**
 * The variables `names`, read from `env` and checked against ConfigSchema: trimmed, blank as
 * unset, unset as the schema's default (or absent). Throws a ConfigError naming the first bad one.
 */
export function parseVariables<const Name extends ConfigVariable>(
  env: Env,
  names: readonly Name[],
): Pick<ConfigVariables, Name> {
  const values: Partial<Record<ConfigVariable, unknown>> = {};
  for (const name of names) {
    const schema: TSchema = ConfigSchema.properties[name];
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') {
      const fallback = schemaDefault(schema);
      if (fallback !== undefined) values[name] = fallback;
    } else {
      values[name] = parseValue(name, schema, raw);
    }
  }
  return values as Pick<ConfigVariables, Name>;
}

/** Every variable of the schema. */
export const ALL_VARIABLES = Object.keys(ConfigSchema.properties) as ConfigVariable[];

export function schemaDefault(schema: TSchema): unknown {
  return 'default' in schema ? schema.default : undefined;
}

function parseValue(name: string, schema: TSchema, raw: string): unknown {
  if (Type.IsUnion(schema)) {
    for (const variant of schema.anyOf) {
      const value = read(variant, raw);
      if (value !== UNREADABLE && Check(variant, value)) return value;
    }
    throw new ConfigError(name, `must be ${accepts(schema)}, got "${raw}"`);
  }
  const value = read(schema, raw);
  if (value === UNREADABLE) {
    throw new ConfigError(
      name,
      Type.IsInteger(schema)
        ? `must be a whole number, got "${raw}"`
        : `must be ${accepts(schema)}, got "${raw}"`,
    );
  }
  const valid: boolean = Check(schema, value); // a boolean, not a guard: `value` stays as read
  if (valid) return value;
  if (Type.IsInteger(schema)) {
    const [minimum, maximum] = bounds(schema);
    throw new ConfigError(name, `must be between ${minimum} and ${maximum}, got ${raw}`);
  }
  if (Type.IsArray(schema) && Array.isArray(value)) {
    if (value.length === 0) throw new ConfigError(name, 'lists nothing');
    const item: unknown = value.find((candidate) => !Check(schema.items, candidate));
    throw new ConfigError(name, `holds "${String(item)}", which is not ${accepts(schema.items)}`);
  }
  throw new ConfigError(name, `must be ${accepts(schema)}, got "${raw}"`);
}

/** The value of `raw` as the schema's kind, before its bounds and checks. */
function read(schema: TSchema, raw: string): unknown {
  if (Type.IsInteger(schema)) return /^\d+$/.test(raw) ? Number(raw) : UNREADABLE;
  if (Type.IsBoolean(schema)) {
    const lower = raw.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    return UNREADABLE;
  }
  if (Type.IsArray(schema)) {
    return raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0);
  }
  return raw;
}

/** An integer's `minimum` and `maximum` (every integer of the schema has both). */
function bounds(schema: TSchema): string[] {
  return ['minimum', 'maximum'].map((keyword) =>
    keyword in schema ? String((schema as Record<string, unknown>)[keyword]) : '?',
  );
}

/** What a variable takes, in words: for its error message and the configuration tables. */
export function accepts(schema: TSchema): string {
  if ('x-accepts' in schema && typeof schema['x-accepts'] === 'string') return schema['x-accepts'];
  if (Type.IsInteger(schema)) return `a whole number from ${bounds(schema).join(' to ')}`;
  if (Type.IsBoolean(schema)) return '`true` or `false` (or `1`/`0`)';
  if (Type.IsEnum(schema)) return `one of ${schema.enum.map((value) => `\`${value}\``).join(', ')}`;
  if (Type.IsUnion(schema)) return schema.anyOf.map((variant) => accepts(variant)).join(', or ');
  if (Type.IsArray(schema)) return `a comma-separated list, each ${accepts(schema.items)}`;
  return 'any text';
}
