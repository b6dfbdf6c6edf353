import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from './support.js';

const broken = { type: 'object', properties: { a: { $ref: 'Missing#/nowhere' } } } as const;

async function appWith(schema: object) {
  const app = await buildApp({ useCases: createUseCases(createTestPorts()), config: testConfig() });
  app.post('/broken', { schema }, () => ({ a: 1 }));
  return app;
}

describe('route schemas', () => {
  it('are compiled at start: a broken request schema fails ready(), not its first request', async () => {
    const app = await appWith({ body: broken });
    await expect(app.ready()).rejects.toThrow();
    await app.close();
  });

  it('are compiled at start: a broken response schema fails ready() as well', async () => {
    const app = await appWith({ response: { 200: broken } });
    await expect(app.ready()).rejects.toThrow();
    await app.close();
  });

  it('of the service itself all compile', async () => {
    const app = await buildApp({ useCases: createUseCases(createTestPorts()), config: testConfig() });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
