import { Readable } from 'node:stream';
import type { DatabaseHandle } from '@accounts/adapters';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run-cli.js';

export type CommandRun = { status: number; stdout: string; stderr: string };

/**
 * `accounts <args>` as the bin runs it, in this process: `env` is the whole environment, `input`
 * standard input (not a terminal), `database` the database the command works on (left open).
 * stdout and stderr as the bin writes them, one line per call.
 */
export async function runCommand(
  args: string[],
  options: { env?: Record<string, string>; input?: string; database?: DatabaseHandle } = {},
): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(
    args,
    COMMANDS,
    { out: (text) => out.push(`${text}\n`), err: (text) => err.push(`${text}\n`) },
    {
      env: options.env ?? {},
      stdin: Readable.from(options.input ? [options.input] : []),
      ...(options.database ? { database: options.database } : {}),
    },
  );
  return { status, stdout: out.join(''), stderr: err.join('') };
}
