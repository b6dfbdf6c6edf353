import { ConfigError } from '../config/config-error.js';
import { UsageError, type CliCommand, type CliIo, type CliSurroundings } from './command.js';
import { BIN, commandUsage, groupUsage, usage } from './usage.js';

/** Exit statuses: done, failed while running, or not run because of how it was called. */
const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h';

/** `--help` among a command's arguments (before any `--`, after which everything is an operand). */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some(isHelp);
}

/** The command whose name the arguments start with. */
function findCommand(commands: readonly CliCommand[], argv: readonly string[]): CliCommand | undefined {
  return commands.find((command) => command.name.every((word, index) => argv[index] === word));
}

/**
 * Runs the command `argv` names and answers its exit status; `surroundings` are what the command
 * reads (environment, standard input, an open database), so that it runs as well inside a test. `--help` (anywhere) prints the
 * usage to stdout; no command, an unknown one or a bad argument prints to stderr with status 2.
 */
export async function runCli(
  argv: string[],
  commands: readonly CliCommand[],
  io: CliIo,
  surroundings: CliSurroundings,
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.err(usage(commands));
    return EXIT.usage;
  }
  if (isHelp(first) || (first === 'help' && rest.length === 0)) {
    io.out(usage(commands));
    return EXIT.ok;
  }
  if (first === 'help') return runCli([...rest, '--help'], commands, io, surroundings);

  const command = findCommand(commands, argv);
  if (!command) {
    const inGroup = commands.some((candidate) => candidate.name.length > 1 && candidate.name[0] === first);
    if (inGroup && isHelp(rest[0])) {
      io.out(groupUsage(first, commands));
      return EXIT.ok;
    }
    const problem =
      inGroup && rest.length === 0
        ? `${BIN} ${first} needs a command`
        : `Unknown command: ${inGroup ? `${first} ${rest[0]}` : first}`;
    io.err(`${problem}\n\n${inGroup ? groupUsage(first, commands) : usage(commands)}`);
    return EXIT.usage;
  }

  const args = argv.slice(command.name.length);
  if (asksForHelp(args)) {
    io.out(commandUsage(command, commands));
    return EXIT.ok;
  }
  try {
    await command.run(args, { ...io, ...surroundings });
    return EXIT.ok;
  } catch (error) {
    return report(error, command, io);
  }
}

function report(error: unknown, command: CliCommand, io: CliIo): number {
  const name = [BIN, ...command.name].join(' ');
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UsageError || isParseArgsError(error)) {
    io.err(`${name}: ${message}\n"${name} --help" shows its usage.`);
    return EXIT.usage;
  }
  if (error instanceof ConfigError) {
    io.err(`${name}: ${message}`);
    return EXIT.usage;
  }
  io.err(`${name} failed: ${message}`);
  return EXIT.failed;
}

/** node:util parseArgs refusing an unknown option, a missing value or a stray argument. */
function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
