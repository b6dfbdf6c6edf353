import { createRequire } from 'node:module';
import type { AjvCompiler as AjvCompilerFactory } from '@fastify/ajv-compiler';
import type { SerializerSelector as SerializerSelectorFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

const load = createRequire(import.meta.url);

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
 * schema compiled when a request first needs it rather than all at start (and the compilers
 * loaded with the first one). Compiling every
 * route's body, query and response schemas (each error status of each route too) took a large
 * share of the time to ready and of the memory at rest, for answers most processes never give.
 */
export const lazySchemaCompilers = {
  buildSerializer(externalSchemas: unknown, options: unknown) {
    let compile: Compile<unknown, (data: unknown) => string> | null = null;
    // fast-json-stringify itself is loaded with the first schema compiled.
    const compileOnce = (route: unknown) => {
      if (compile === null) {
        const { SerializerSelector } = load('@fastify/fast-json-stringify-compiler') as {
          SerializerSelector: typeof SerializerSelectorFactory;
        };
        compile = SerializerSelector()(externalSchemas, options as never) as typeof compile & object;
      }
      return compile(route);
    };
    return (route: unknown) => lazySerializer(compileOnce, route);
  },
  buildValidator(externalSchemas: unknown, options: unknown) {
    let compile: Compile<unknown, Validate> | null = null;
    // Ajv itself is loaded with the first schema compiled.
    const compileOnce = (route: unknown) => {
      if (compile === null) {
        const { AjvCompiler } = load('@fastify/ajv-compiler') as { AjvCompiler: typeof AjvCompilerFactory };
        compile = AjvCompiler()(externalSchemas as never, options as never) as unknown as Compile<
          unknown,
          Validate
        >;
      }
      return compile(route);
    };
    return (route: unknown) => lazyValidator(compileOnce, route);
  },
} as unknown as CompilersFactory;
