import { parseArgs } from 'node:util';
import { parseSsfSigningKeys } from '@accounts/adapters';
import type { UseCases } from '@accounts/application';
import {
  checkPageLimit,
  OPERATOR_REASON_LENGTH,
  SECURITY_EVENTS_PAGE,
  type DomainError,
} from '@accounts/domain';
import { openCommandDatabase } from './open-command-database.js';
import { loadConfig } from '../../config/load-config.js';
import { loadSsfSettings } from '../../config/ssf-settings.js';
import { describeError } from '../../errors.js';
import {
  OPERATOR_ACTIONS,
  type OperatorAction,
  type OperatorActionUseCases,
} from '../../routes/operator-actions.js';
import { accountJson } from '../../routes/operator.routes.js';
import { securityEventPageJson } from '../../routes/security-events.routes.js';
import { UsageError, type CliCommand, type CliContext, type CliIo } from '../command.js';
import { DATABASE_NOTE } from './notes.js';
import { createOperatorUseCases } from './operator-use-cases.js';

type OperatorUseCases = Pick<UseCases, 'showAccount' | 'listAccountSecurityEvents'> & OperatorActionUseCases;

/** Who the audit records name as `actorId` for a change made from the CLI. */
export const CLI_ACTOR = 'cli';

type Action = OperatorAction['path'];

function actionOf(path: Action): OperatorAction {
  const action = OPERATOR_ACTIONS.find((candidate) => candidate.path === path);
  if (!action) throw new Error(`no operator action ${path}`);
  return action;
}

/** A refusal as the API words it; the command then exits 1. */
export function refused(error: DomainError): Error {
  const { code, message } = describeError(error);
  return new Error(`${message} (${code})`);
}

/** A refused operator change: a reason out of bounds is a usage error, anything else `refused`. */
export function refusedChange(error: DomainError): Error {
  return error.type === 'InvalidReason' ? new UsageError(describeError(error).message) : refused(error);
}

/** The one positional: the user id. */
export function userIdOf(positionals: string[]): string {
  const [userId, ...extra] = positionals;
  if (!userId || extra.length > 0) throw new UsageError('give the user id, once');
  return userId;
}

/** `ID --reason R`, the arguments of every operator change: the user id and the reason. */
export function changeArgs(args: string[]): { userId: string; reason: string } {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { reason: { type: 'string' } },
  });
  const userId = userIdOf(positionals);
  if (values.reason === undefined) throw new UsageError('--reason is required');
  return { userId, reason: values.reason };
}

/** `users show --email E | --id ID`: one JSON line, the operator API's `Account`. */
export async function showUser(useCases: Pick<OperatorUseCases, 'showAccount'>, args: string[], io: CliIo) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { email: { type: 'string' }, id: { type: 'string' } },
  });
  if ((values.email === undefined) === (values.id === undefined)) {
    throw new UsageError('give exactly one of --email E or --id ID');
  }
  const found = await useCases.showAccount.execute(
    values.id !== undefined ? { userId: values.id } : { email: values.email ?? '' },
  );
  if (!found.ok) throw refused(found.error);
  io.out(JSON.stringify(accountJson(found.value)));
}

/**
 * `users events ID [--limit N] [--cursor C]`: one JSON line, a page of the account's security
 * events as `GET /api/admin/users/{id}/security-events` answers (the same use case; `limit` and
 * `cursor` taken as that route takes them, a refused one is a usage error).
 */
export async function listUserEvents(
  useCases: Pick<OperatorUseCases, 'listAccountSecurityEvents'>,
  args: string[],
  io: CliIo,
) {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { limit: { type: 'string' }, cursor: { type: 'string' } },
  });
  const userId = userIdOf(positionals);
  let limit: number | undefined;
  if (values.limit !== undefined) {
    const checked = checkPageLimit(/^\d{1,4}$/.test(values.limit) ? Number(values.limit) : Number.NaN);
    if (!checked.ok) throw new UsageError(`--limit: ${describeError(checked.error).message}`);
    limit = checked.value;
  }
  const page = await useCases.listAccountSecurityEvents.execute({ userId, limit, cursor: values.cursor });
  if (!page.ok) {
    if (page.error.type === 'InvalidCursor')
      throw new UsageError(`--cursor: ${describeError(page.error).message}`);
    throw refused(page.error);
  }
  io.out(JSON.stringify(securityEventPageJson(page.value)));
}

/** `users <action> ID --reason R`: the operator API's operation; one JSON line. */
export async function changeUser(useCases: OperatorUseCases, action: Action, args: string[], io: CliIo) {
  const outcome = await actionOf(action).run(useCases, { ...changeArgs(args), actorId: CLI_ACTOR });
  if (!outcome.ok) throw refusedChange(outcome.error);
  io.out(JSON.stringify({ success: true, message: actionOf(action).success }));
}

/** Opens the database and the server's use cases around `work`, closing both afterwards. */
export async function withUseCases(io: CliContext, work: (useCases: UseCases) => Promise<void>) {
  const config = loadConfig(io.env);
  const { database } = await openCommandDatabase(io, config);
  try {
    const ssf = await loadSsfSettings(io.env, config.jwt.issuer, parseSsfSigningKeys);
    const { useCases, close } = await createOperatorUseCases(config, database, (text) => io.err(text), ssf);
    try {
      await work(useCases);
    } finally {
      await close();
    }
  } finally {
    await database.close();
  }
}

export const OPERATOR_NOTE = [
  `The change is audited as the API's is, with actorId "${CLI_ACTOR}" and the reason`,
  `(${OPERATOR_REASON_LENGTH.min} to ${OPERATOR_REASON_LENGTH.max} characters). Reads the server's configuration: billing`,
  "cancellations are sent as the server sends them, webhooks are left to the server's outbox worker.",
  '',
  DATABASE_NOTE,
];

export const usersOperatorCommands: readonly CliCommand[] = [
  {
    name: ['users', 'show'],
    synopsis: '--email E | --id ID',
    summary: 'Show one account as the operator API does; prints its Account as one JSON line.',
    details: [
      'Options:',
      '  --email E   matched exactly, ignoring case',
      '  --id ID     the user id',
      '',
      DATABASE_NOTE,
    ],
    run: (args, io) => withUseCases(io, (useCases) => showUser(useCases, args, io)),
  },
  {
    name: ['users', 'events'],
    synopsis: 'ID [--limit N] [--cursor C]',
    summary:
      "A page of the account's security events, newest first, as GET /api/admin/users/{id}/security-events answers; one JSON line.",
    details: [
      'Options:',
      `  --limit N    page size, ${SECURITY_EVENTS_PAGE.min} to ${SECURITY_EVENTS_PAGE.max} (default ${SECURITY_EVENTS_PAGE.default})`,
      "  --cursor C   the previous page's nextCursor, for the page after it",
      '',
      DATABASE_NOTE,
    ],
    run: (args, io) => withUseCases(io, (useCases) => listUserEvents(useCases, args, io)),
  },
  ...OPERATOR_ACTIONS.map((action): CliCommand => ({
    name: ['users', action.path],
    synopsis: 'ID --reason R',
    summary: `The operator API's ${action.path} of the account; prints {"success":true,"message":"${action.success}"}.`,
    details: OPERATOR_NOTE,
    run: (args, io) => withUseCases(io, (useCases) => changeUser(useCases, action.path, args, io)),
  })),
];
