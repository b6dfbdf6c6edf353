import type { CliCommand } from './command.js';

export const BIN = 'accounts';

/** `words` and the synopsis from `column` on, continuation lines lined up under the first argument. */
function invocation(words: string, synopsis: string, column: number): string {
  const [first = '', ...more] = synopsis.split('\n');
  const indent = ' '.repeat(column + words.length + 1);
  return [
    `${' '.repeat(column)}${words} ${first}`.trimEnd(),
    ...more.map((line) => indent + line.trim()),
  ].join('\n');
}

/** Every command, for no command, an unknown one and `--help`. */
export function usage(commands: readonly CliCommand[], prefix = '<command>'): string {
  const entries = commands.flatMap((command) => [
    invocation(command.name.join(' '), command.synopsis, 2),
    `      ${command.summary}`,
  ]);
  return [
    `Usage: ${BIN} ${prefix} [options]`,
    '',
    'Commands:',
    ...entries,
    '',
    `"${BIN} <command> --help" shows a command's options.`,
  ].join('\n');
}

/** One command's `--help`, with the other commands of its group. */
export function commandUsage(command: CliCommand, commands: readonly CliCommand[] = []): string {
  const words = [BIN, ...command.name].join(' ');
  const lines = [`Usage: ${invocation(words, command.synopsis, 7).trimStart()}`, '', command.summary];
  if (command.details?.length) lines.push('', ...command.details);
  const group = command.name[0];
  const siblings = commands.filter(
    (other) => other !== command && command.name.length > 1 && other.name[0] === group,
  );
  if (siblings.length > 0) {
    lines.push('', `Other ${group} commands:`);
    for (const other of siblings) lines.push(invocation(other.name.join(' '), other.synopsis, 2));
  }
  return lines.join('\n');
}

/** The commands of a group such as `users`, for `accounts users` and `accounts users --help`. */
export function groupUsage(group: string, commands: readonly CliCommand[]): string {
  return usage(
    commands.filter((command) => command.name[0] === group),
    `${group} <command>`,
  );
}
