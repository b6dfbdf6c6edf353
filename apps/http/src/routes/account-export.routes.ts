import { Readable } from 'node:stream';
import type { AccountExport, UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import { AccountExport as AccountExportSchema } from '../schemas/operator.schemas.js';
import { sessionJson } from './sessions.routes.js';

export type AccountExportRoutesOptions = {
  useCases: Pick<UseCases, 'exportAccount'>;
  guard: Guard;
};

/** Text is handed to the socket in chunks of about this size. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The export as JSON text, produced as the socket takes it: the account's own records first,
 * then the security events as the use case reads them, page by page. Only the text of one chunk
 * and one page of events is held at a time, whatever the number of events.
 */
export async function* exportJson(data: AccountExport): AsyncGenerator<string> {
  const { account } = data;
  const head = {
    exportedAt: data.exportedAt.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      displayName: account.displayName,
      twoFactorEnabled: account.twoFactorEnabled,
      disabled: account.disabled,
      banned: account.banned,
      createdAt: account.createdAt.toISOString(),
    },
    entitlements: data.entitlements,
    passkeys: data.passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
    domainVerification: data.domainVerification && {
      ...data.domainVerification,
      checkedAt: data.domainVerification.checkedAt?.toISOString() ?? null,
      verifiedAt: data.domainVerification.verifiedAt?.toISOString() ?? null,
    },
    signInFailures: data.signInFailures.map((count) => ({
      client: count.client,
      failures: count.failures,
      lockedUntil: count.lockedUntil?.toISOString() ?? null,
    })),
    deliveries: data.deliveries.map((delivery) => ({
      kind: delivery.kind,
      status: delivery.status,
      createdAt: delivery.createdAt.toISOString(),
      data: delivery.data,
    })),
    sessions: data.sessions.map((session) => ({
      ...sessionJson(session),
      revokedAt: session.revokedAt?.toISOString() ?? null,
    })),
  };
  // The head without its closing brace, then the events array.
  let chunk = `${JSON.stringify(head).slice(0, -1)},"securityEvents":[`;
  let first = true;
  for await (const event of data.securityEvents) {
    chunk += `${first ? '' : ','}${JSON.stringify({
      id: event.id,
      event: event.event,
      details: event.details,
      createdAt: event.createdAt.toISOString(),
    })}`;
    first = false;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}]}`;
}

/**
 * Answers with the export as a download, streamed: the owner's own and an operator's
 * (`POST /api/admin/users/{id}/export`) are the same document with the same headers.
 */
export function sendAccountExport(reply: FastifyReply, data: AccountExport) {
  return (
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="account-export.json"')
      // Fastify sends a stream as is (its documented reply.send); its text follows the schema.
      .send(Readable.from(exportJson(data), { objectMode: false }))
  );
}

/** GET /api/user/export: the caller's own data in one download (GDPR Art. 15/20). */
export const accountExportRoutes: FastifyPluginCallbackTypebox<AccountExportRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.get(
    '/user/export',
    {
      config: rateWeight(2),
      schema: apiOperation({
        operationId: 'exportAccount',
        summary:
          "Everything the service keeps about the caller's account, as a JSON download: account, entitlements, passkeys, sessions, the domain verification, the failure limit's counts, the queued deliveries and every security event (newest first)",
        description:
          'Answered with `Content-Disposition: attachment; filename="account-export.json"`; never a hash, secret, backup code, challenge, public key, signature or access token.',
        tag: 'account',
        response: { 200: AccountExportSchema },
        errors: ['UserNotFound'],
      }),
      preParsing: guard.authenticate('export-account'),
    },
    async (request, reply) => {
      const exported = await useCases.exportAccount.execute({ userId: callerId(request) });
      if (!exported.ok) throw HttpError.fromDomain(exported.error);
      return sendAccountExport(reply, exported.value);
    },
  );
  done();
};
