import type { UseCases } from '@accounts/application';
import { OPERATOR_REASON_LENGTH } from '@accounts/domain';
import { exportJson } from '../../routes/account-export.routes.js';
import type { CliCommand, CliIo } from '../command.js';
import { DATABASE_NOTE } from './notes.js';
import { changeArgs, CLI_ACTOR, refusedChange, withUseCases } from './users-operator.commands.js';

/**
 * `users export ID --reason R`: the operator export (`POST /api/admin/users/{id}/export`), the
 * document on standard output as one line, the same text the API sends; audited USER_EXPORT with
 * actorId `cli`, which the owner sees.
 */
export async function exportUser(
  useCases: Pick<UseCases, 'exportAccountAsOperator'>,
  args: string[],
  io: CliIo,
) {
  const exported = await useCases.exportAccountAsOperator.execute({
    ...changeArgs(args),
    actorId: CLI_ACTOR,
  });
  if (!exported.ok) throw refusedChange(exported.error);
  let document = '';
  for await (const chunk of exportJson(exported.value)) document += chunk;
  io.out(document);
}

export const usersExportCommands: readonly CliCommand[] = [
  {
    name: ['users', 'export'],
    synopsis: 'ID --reason R',
    summary:
      'Everything kept about the account, as POST /api/admin/users/{id}/export answers: the JSON document on stdout.',
    details: [
      `For a data-subject request. Audited on the account as USER_EXPORT with actorId "${CLI_ACTOR}" and the`,
      `reason (${OPERATOR_REASON_LENGTH.min} to ${OPERATOR_REASON_LENGTH.max} characters), which the owner reads in their security events; no webhook.`,
      'To a file: pnpm --silent cli users export ID --reason R > account-export.json',
      '',
      DATABASE_NOTE,
    ],
    run: (args, io) => withUseCases(io, (useCases) => exportUser(useCases, args, io)),
  },
];
