import { table } from '../config/config-table.js';
import type { CliCommand } from './command.js';
import { COMMANDS } from './commands/index.js';

/** The generated table sits between these lines; Prettier leaves it as generated. */
const START = '<!-- cli-table:start: generated from apps/http/src/cli/commands by `pnpm docs:config` -->';
const END = '<!-- cli-table:end -->';

/** A command's invocation on one line: its words, then its synopsis' lines joined. */
function invocation(command: CliCommand): string {
  const synopsis = command.synopsis
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return `\`${[...command.name, synopsis].join(' ').trimEnd()}\``;
}

/** The operator CLI's table: one row per command of `commands`, in the order the usage lists them. */
export function cliTable(commands: readonly CliCommand[] = COMMANDS): string {
  return table(
    ['command', 'does and prints'],
    commands.map((command) => [invocation(command), command.summary]),
  );
}

/** `markdown` with the text between the table's markers replaced by the current table. */
export function withCliTable(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start === -1 || end < start) throw new Error(`no "${START}" … "${END}" markers`);
  const generated = ['<!-- prettier-ignore-start -->', cliTable(), '<!-- prettier-ignore-end -->'].join('\n');
  return `${markdown.slice(0, start + START.length)}\n${generated}\n${markdown.slice(end)}`;
}

/** The files whose CLI tables are generated, relative to the repository root (README links to it). */
export const CLI_TABLE_FILES = ['docs/operations.md'] as const;
