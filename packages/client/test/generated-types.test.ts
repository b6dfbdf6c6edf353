import { describe, expect, it } from 'vitest';
import { generateTypes } from './generate-types.js';

describe('src/openapi.generated.ts', () => {
  it('matches the description the service serves now (else: pnpm generate:client)', async () => {
    await expect(await generateTypes()).toMatchFileSnapshot('../src/openapi.generated.ts');
  });
});
