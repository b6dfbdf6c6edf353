import {
  SerializerSelector,
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

const compiled = new Map<string, Serializer>();

/**
 * Fastify's default response-serializer compiler (the one an app uses without precompiled
 * serializers), each schema compiled once per test file instead of once per app: compiling the
 * routes' serializers is most of what building an app costs, and most test files build many apps
 * with the same routes. Given to Fastify through its documented `schemaController` option, as
 * production gives it the serializers `pnpm build` stored.
 */
export const reusedSerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  const shared = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const key = `${shared}\n${JSON.stringify(route.schema)}`;
    let serializer = compiled.get(key);
    if (serializer === undefined) {
      serializer = compile(route);
      compiled.set(key, serializer);
    }
    return serializer;
  };
};
