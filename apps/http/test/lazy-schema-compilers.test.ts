import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from '../src/lazy-schema-compilers.js';

type Factory = (
  externalSchemas: unknown,
  options?: unknown,
) => (route: unknown) => (data: unknown) => unknown;
const route = (schema: unknown) => ({
  schema,
  method: 'POST',
  url: '/x',
  httpStatus: '200',
  httpPart: 'body',
});
const broken = { type: 'object', properties: { a: { $ref: 'missing#/nowhere' } } };

describe('schema compilers', () => {
  it('compile a response schema when it is first used, then serialize with it', () => {
    const build = lazySchemaCompilers.buildSerializer as unknown as Factory;
    const compiler = build({}, {});
    const serialize = compiler(route({ type: 'object', properties: { a: { type: 'integer' } } }));
    expect(serialize({ a: 1, secret: 'dropped' })).toBe('{"a":1}');
    const never = compiler(route(broken)); // not compiled yet: a broken schema does not throw here
    expect(() => never({ a: 1 })).toThrow();
  });

  it('compile a request schema when it is first used, and expose its errors as Ajv does', () => {
    const build = lazySchemaCompilers.buildValidator as unknown as Factory;
    const compiler = build({}, { customOptions: { coerceTypes: false } });
    const validate = compiler(
      route({ type: 'object', required: ['a'], properties: { a: { type: 'string' } } }),
    ) as ((data: unknown) => boolean) & { errors?: { message?: string }[] };
    expect(validate({ a: 'x' })).toBe(true);
    expect(validate({ a: 1 })).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must be string');
    const never = compiler(route(broken));
    expect(() => never({})).toThrow();
  });
});
