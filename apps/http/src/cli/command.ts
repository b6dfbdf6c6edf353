import type { Service } from '../composition-root.js';
import type { Env } from '../config/parse-variables.js';

/** Where a command writes: one line at a time, to stdout (`out`) or stderr (`err`). */
export type CliIo = { out(text: string): void; err(text: string): void };

/** Standard input as the password reader needs it: a stream, and whether a terminal is behind it. */
export type CliInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };

/**
 * What a command reads besides its arguments: the environment its configuration comes from,
 * standard input, and the database (`database`: an open one to use instead of the configured
 * URL; the caller owns it, so the command migrates it but does not close it).
 */
export type CliSurroundings = { env: Env; stdin: CliInput; database?: Service['database'] };

/** A command's whole context: where it writes and what it reads. */
export type CliContext = CliIo & CliSurroundings;

/** One operator command: the words that name it, its usage and what it runs. */
export type CliCommand = {
  /** The words after `accounts`, e.g. `['users', 'create']`. */
  readonly name: readonly string[];
  /** Its arguments as its usage shows them after the name; `\n` starts a continuation line. */
  readonly synopsis: string;
  /** What it does and prints, in one sentence. */
  readonly summary: string;
  /** More lines for its `--help`: options, environment. */
  readonly details?: readonly string[];
  run(args: string[], context: CliContext): Promise<void> | void;
};

/** A mistake of the caller (a bad argument or value): reported without a stack, exit status 2. */
export class UsageError extends Error {}
