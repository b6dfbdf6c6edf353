/** Where a command writes: one line at a time, to stdout (`out`) or stderr (`err`). */
export type CliIo = { out(text: string): void; err(text: string): void };

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
  run(args: string[], io: CliIo): Promise<void> | void;
};

/** A mistake of the caller (a bad argument or value): reported without a stack, exit status 2. */
export class UsageError extends Error {}
