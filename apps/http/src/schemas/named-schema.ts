import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

const definitions = new Map<string, TSchema>();

/**
 * A schema the OpenAPI description lists as `components.schemas[name]`, so that generated clients
 * get a named type. Returns a `$ref` to it, typed as the schema itself, for route schemas and
 * other named schemas; registerNamedSchemas() adds the definitions to the app (Fastify's shared
 * schemas), where validation, serialization and @fastify/swagger all resolve the reference.
 */
export function named<T extends TSchema>(name: string, schema: T): TUnsafe<Static<T>> {
  if (definitions.has(name)) throw new Error(`Two schemas are named ${name}`);
  definitions.set(name, { ...schema, $id: name });
  return Type.Unsafe<Static<T>>({ $ref: `${name}#` });
}

/** Every named schema defined so far: the schema modules the routes import define them all. */
export function namedSchemas(): TSchema[] {
  return [...definitions.values()];
}

/** The named schemas with their names (each schema's `$id`). */
export function namedSchemaEntries(): { name: string; schema: TSchema }[] {
  return [...definitions].map(([name, schema]) => ({ name, schema }));
}
