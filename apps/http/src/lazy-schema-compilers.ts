import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Compile<R, F> = (route: R) => F;

/** Compiles `route`'s schema when the returned function is first called, then uses what it compiled. */
function lazySerializer<R>(compile: Compile<R, (data: unknown) => string>, route: R) {
  let serialize: ((data: unknown) => string) | null = null;
  return (data: unknown) => (serialize ??= compile(route))(data);
}

function lazyValidator<R>(compile: Compile<R, Validate>, route: R): Validate {
  let validate: Validate | null = null;
  const compiled = () => (validate ??= compile(route));
  const lazy: Validate = (data, context) => compiled()(data, context);
  // Fastify reads these of an Ajv function: the errors of its last call, and whether it takes
  // the parent data (so that Ajv can change the value in place).
  Object.defineProperties(lazy, {
    errors: { get: () => compiled().errors },
    schemaEnv: { get: () => compiled().schemaEnv },
  });
  return lazy;
}

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for responses), each
 * schema compiled when a request first needs it rather than all at start. Compiling every
 * route's body, query and response schemas (each error status of each route too) took a large
 * share of the time to ready and of the memory at rest, for answers most processes never give.
 */
export const lazySchemaCompilers = {
  buildSerializer(externalSchemas: unknown, options: unknown) {
    const compile = SerializerSelector()(externalSchemas, options as never);
    return (route: unknown) => lazySerializer(compile as Compile<unknown, (data: unknown) => string>, route);
  },
  buildValidator(externalSchemas: unknown, options: unknown) {
    const compile = AjvCompiler()(externalSchemas as never, options as never);
    return (route: unknown) => lazyValidator(compile as unknown as Compile<unknown, Validate>, route);
  },
} as unknown as CompilersFactory;
