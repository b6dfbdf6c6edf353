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
 * build time only (compile-serializers.ts), on the service as `createService` builds it.
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
 * Reading mode, as documented: each route's serializer restored from `dir`, where `pnpm build`
 * stored it, so that the start does not compile them again. The read mode ignores the schemas, so a
 * route whose schema changed since the build (no file under its digest) is compiled at start by
 * the compiler Fastify uses by default, and a broken schema still fails the start. A file is loaded
 * when its route first answers with that status: most never do in a process's life.
 */
export function precompiledSerializers(dir: string): SerializerFactory {
  const load = createRequire(join(dir, 'index.cjs'));
  return (externalSchemas, serializerOptions) => {
    const shared = digest(externalSchemas);
    const compile = SerializerSelector()(externalSchemas, serializerOptions);
    const restore = StandaloneSerializer({
      readMode: true,
      restoreFunction: (route: Route): Serializer => {
        const file = join(dir, fileName(route, shared));
        if (!existsSync(file)) return compile(route);
        let serializer: Serializer | undefined;
        return (value) => (serializer ??= load(file) as Serializer)(value);
      },
    });
    return restore(externalSchemas, serializerOptions);
  };
}
