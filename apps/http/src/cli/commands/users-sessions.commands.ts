import { parseArgs } from 'node:util';
import type { UseCases } from '@accounts/application';
import { SESSIONS_PAGE } from '@accounts/domain';
import { sessionJson } from '../../routes/sessions.routes.js';
import type { CliCommand, CliIo } from '../command.js';
import { DATABASE_NOTE } from './notes.js';
import {
  changeArgs,
  CLI_ACTOR,
  OPERATOR_NOTE,
  refused,
  refusedChange,
  userIdOf,
  withUseCases,
} from './users-operator.commands.js';

/**
 * `users sessions ID`: one JSON line per live session, as the operator API lists them, every page
 * (each of the largest size, in the first page's order).
 */
export async function listUserSessions(
  useCases: Pick<UseCases, 'listSessionsAsOperator'>,
  args: string[],
  io: CliIo,
) {
  const { positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: {} });
  const userId = userIdOf(positionals);
  let cursor: string | undefined;
  do {
    const page = await useCases.listSessionsAsOperator.execute({ userId, limit: SESSIONS_PAGE.max, cursor });
    if (!page.ok) throw refused(page.error);
    for (const session of page.value.sessions) io.out(JSON.stringify(sessionJson(session)));
    cursor = page.value.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/** `users sign-out ID --reason R`: the operator API's sign-out-everywhere; one JSON line. */
export async function signOutUser(
  useCases: Pick<UseCases, 'signOutEverywhereAsOperator'>,
  args: string[],
  io: CliIo,
) {
  const revoked = await useCases.signOutEverywhereAsOperator.execute({
    ...changeArgs(args),
    actorId: CLI_ACTOR,
  });
  if (!revoked.ok) throw refusedChange(revoked.error);
  io.out(JSON.stringify({ success: true, revoked: revoked.value }));
}

export const usersSessionsCommands: readonly CliCommand[] = [
  {
    name: ['users', 'sessions'],
    synopsis: 'ID',
    summary:
      "The account's live sessions, most recently seen first; one JSON line each, as the operator API lists them.",
    details: [DATABASE_NOTE],
    run: (args, io) => withUseCases(io, (useCases) => listUserSessions(useCases, args, io)),
  },
  {
    name: ['users', 'sign-out'],
    synopsis: 'ID --reason R',
    summary:
      'Sign the account out everywhere (its tokens issued up to this second are refused); prints {"success":true,"revoked":N}.',
    details: OPERATOR_NOTE,
    run: (args, io) => withUseCases(io, (useCases) => signOutUser(useCases, args, io)),
  },
];
