import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SerializerSelector,
  StandaloneSerializer,
  type RouteDefinition,
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

/** Where `pnpm build` writes the service's response serializers (dist/serializers). */
export const SERIALIZERS_DIR = fileURLToPath(new URL('./serializers/', import.meta.url));

type Route = RouteDefinition & { contentType?: string };

function digest(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex')
    .slice(0, 16);
}

/**
 * A route's serializer file: where it answers, and a digest of its schema and of the shared
 * schemas it may refer to, so that a schema changed since the build never meets an old file.
 */
function fileName(route: Route, sharedDigest: string): string {
  const where = [route.method, route.url, route.httpStatus, route.contentType ?? '']
    .join('_')
    .replace(/[^A-Za-z0-9]+/g, '_');
  return `${where}-${digest([route.schema, sharedDigest])}.cjs`;
}

/**
 * Fastify's documented standalone serialization (@fastify/fast-json-stringify-compiler), writing
 * mode: compiles each route's response schemas as at start and stores the code in `dir`. Run at
 * build time only (compile-serializers.ts); an app built with it does not serve.
 */
export function storingSerializers(dir: string): SerializerFactory {
  mkdirSync(dir, { recursive: true });
  return (externalSchemas, options) => {
    const shared = digest(externalSchemas);
    const store = StandaloneSerializer({
      readMode: false,
      storeFunction: (route: Route, code) => writeFileSync(join(dir, fileName(route, shared)), code),
    });
    return store(externalSchemas, options);
  };
}

/**
 * Reading mode: each route's serializer from `dir`, as `pnpm build` compiled it, so that the start
 * does not compile them again (most of its CPU). A route with no file for its schema as it is now
 * is compiled at start, as Fastify does by default, so a broken schema still fails the start. A
 * file is loaded when its route first answers with that status: most never do in a process's life,
 * and loading them all slowed every start.
 */
export function precompiledSerializers(
  dir: string,
  options: { compiledAtStart?: (route: Route) => void } = {},
): SerializerFactory {
  const load = createRequire(join(dir, 'index.cjs'));
  return (externalSchemas, serializerOptions) => {
    const shared = digest(externalSchemas);
    const compile = SerializerSelector()(externalSchemas, serializerOptions);
    return (route: Route) => {
      const file = join(dir, fileName(route, shared));
      if (existsSync(file)) {
        let serializer: Serializer | undefined;
        return (value) => (serializer ??= load(file) as Serializer)(value);
      }
      options.compiledAtStart?.(route);
      return compile(route);
    };
  };
}
