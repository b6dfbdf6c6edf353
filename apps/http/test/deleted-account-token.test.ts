import { testDatabaseTargets } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealService, type RealService } from './real-service.js';
import { seedSignedInUser, type SignedInUser } from './signed-in-user.js';

// decisions.md, Authentication: a valid token whose user no longer exists passes the gate, and
// every user route then answers 404 User not found, after body validation.
type ErrorSchema = { allOf?: { properties?: { code?: { enum?: string[] } } }[] };
type Operation = {
  operationId: string;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: ErrorSchema }> }>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const ANY_BASE64URL = 'AAAA';
/** A body each user operation validates (so the answer is the missing user, not the body). */
const VALID_BODIES: Record<string, object | undefined> = {
  manageTwoFactor: { enable: true },
  getTwoFactorStatus: undefined,
  regenerateBackupCodes: { verificationCode: '123456' },
  disableAccount: { password: 'a long password' },
  enableAccount: { password: 'a long password' },
  banAccount: { password: 'a long password' },
  unbanAccount: { password: 'a long password' },
  deleteAccount: { password: 'a long password' },
  getCustomDomain: undefined,
  connectCustomDomain: { domain: 'files.example.com' },
  disconnectCustomDomain: undefined,
  getDomainVerification: undefined,
  verifyCustomDomain: undefined,
  listSecurityEvents: undefined,
  exportAccount: undefined,
  openBillingPortal: undefined,
  getPasskeyRegistrationOptions: undefined,
  registerPasskey: {
    response: {
      id: ANY_BASE64URL,
      rawId: ANY_BASE64URL,
      type: 'public-key',
      response: { clientDataJSON: ANY_BASE64URL, attestationObject: ANY_BASE64URL },
      clientExtensionResults: {},
    },
  },
  listPasskeys: undefined,
  getPasskeyAuthenticationOptions: undefined,
  removePasskey: { password: 'a long password' },
  listSessions: undefined,
  revokeCurrentSession: undefined,
  revokeSession: { password: 'a long password' },
  revokeOtherSessions: { password: 'a long password' },
  signOutEverywhere: undefined,
};

const NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  code: 'USER_NOT_FOUND',
  message: 'User not found',
};

describe.each(await testDatabaseTargets())("a deleted account's token on $label", (target) => {
  let running: RealService;
  let ghost: SignedInUser;
  let operations: {
    method: string;
    path: string;
    operationId: string;
    hasBody: boolean;
    notFoundCodes: string[];
  }[];

  beforeAll(async () => {
    running = await startRealService(target);
    ghost = await seedSignedInUser(running, {});
    await running.service.database.db.deleteFrom('users').where('id', '=', ghost.id).execute();
    const doc = (await (await fetch(`${running.base}/openapi.json`)).json()) as OpenApi;
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/admin/'))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, 'some-id'),
          operationId: operation.operationId,
          hasBody: operation.requestBody !== undefined,
          notFoundCodes:
            operation.responses['404']?.content?.['application/json']?.schema?.allOf?.[1]?.properties?.code
              ?.enum ?? [],
        })),
      );
  });
  afterAll(() => running.close());

  it('the table of bodies names every user operation of the OpenAPI description, and no other', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      Object.keys(VALID_BODIES).sort(),
    );
    for (const operation of operations) {
      expect({ [operation.operationId]: operation.hasBody }).toEqual({
        [operation.operationId]: VALID_BODIES[operation.operationId] !== undefined,
      });
    }
  });

  it('the OpenAPI description lists 404 USER_NOT_FOUND for every user operation', () => {
    const missing = operations
      .filter((operation) => !operation.notFoundCodes.includes('USER_NOT_FOUND'))
      .map((operation) => operation.operationId);
    expect(missing).toEqual([]);
  });

  it('gets 404 User not found on every user route', async () => {
    const answers: Record<string, unknown> = {};
    for (const { method, path, operationId } of operations) {
      const response = await ghost.send(method, path, VALID_BODIES[operationId]);
      answers[`${method} ${path}`] = { status: response.status, body: await response.json() };
    }
    expect(answers).toEqual(
      Object.fromEntries(
        operations.map(({ method, path }) => [`${method} ${path}`, { status: 404, body: NOT_FOUND }]),
      ),
    );
  });

  it('still gets 400 for a body that does not validate, before the missing user', async () => {
    const answer = await ghost.call('POST', '/api/user/custom-domain', { domain: 42 });
    expect(answer.status).toBe(400);
    const twoFactor = await ghost.call('POST', '/api/auth/2fa', {});
    expect(twoFactor.status).toBe(400);
  });
});
