import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp } from '../../../apps/http/test/support.js';

const HEADER = `/**
 * The account service's OpenAPI description (GET /openapi.json) as TypeScript types, made by
 * openapi-typescript. Generated: do not edit; \`pnpm generate:client\` writes it again.
 */

`;

/** The types of the description the app serves now, as src/openapi.generated.ts holds them. */
export async function generateTypes(): Promise<string> {
  const { app } = await createTestApp();
  try {
    const description = (await app.inject({ method: 'GET', url: '/openapi.json' })).body;
    // Each named schema also as a type of its own: ErrorBody, TwoFactorSetup...
    const ast = await openapiTS(description, { rootTypes: true, rootTypesNoSchemaPrefix: true });
    return HEADER + astToString(ast);
  } finally {
    await app.close();
  }
}
