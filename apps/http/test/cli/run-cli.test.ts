import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UsageError, type CliCommand } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run-cli.js';
import { ConfigError } from '../../src/config/config-error.js';

const ran: string[][] = [];

const COMMAND_TABLE: CliCommand[] = [
  { name: ['ping'], synopsis: '', summary: 'Answers pong.', run: (_args, io) => io.out('pong') },
  {
    name: ['things', 'add'],
    synopsis: '--name N\n[--colour C]',
    summary: 'Adds a thing.',
    details: ['Options:', '  --name N  its name'],
    run(args) {
      const { values } = parseArgs({ args, strict: true, options: { name: { type: 'string' } } });
      if (!values.name) throw new UsageError('--name is required');
      ran.push(args);
    },
  },
  {
    name: ['things', 'break'],
    synopsis: '[--config]',
    summary: 'Fails.',
    run(args) {
      if (args.includes('--config')) throw new ConfigError('DATABASE_URL', 'is wrong');
      return Promise.reject(new Error('disk full'));
    },
  },
];

async function run(argv: string[], commands: readonly CliCommand[] = COMMAND_TABLE) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(
    argv,
    commands,
    { out: (text) => out.push(text), err: (text) => err.push(text) },
    { env: {}, stdin: Readable.from([]) },
  );
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('runCli', () => {
  it('prints the usage of every command to stderr with status 2 when no command is given', async () => {
    const result = await run([]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: accounts <command>');
    expect(result.stderr).toContain('  ping\n      Answers pong.');
    expect(result.stderr).toContain('  things add --name N\n             [--colour C]\n      Adds a thing.');
  });

  it.each([['--help'], ['-h'], ['help']])('prints the usage to stdout with status 0 for %s', async (flag) => {
    const result = await run([flag]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toContain('Usage: accounts <command>');
  });

  it('prints the usage to stderr with status 2 for an unknown command', async () => {
    const result = await run(['frobnicate', '--help']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Unknown command: frobnicate\n\nUsage: accounts <command>/);
  });

  it("answers a group's name alone with its commands (status 2), and its --help with status 0", async () => {
    const alone = await run(['things']);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('accounts things needs a command');
    expect(alone.stderr).toContain('Usage: accounts things <command>');
    expect(alone.stderr).not.toContain('ping');

    const help = await run(['things', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('things add');
    expect(help.stdout).toContain('things break');

    const unknown = await run(['things', 'eat']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: things eat');
  });

  it("prints a command's own usage for --help anywhere in its arguments, without running it", async () => {
    ran.length = 0;
    for (const argv of [
      ['things', 'add', '--help'],
      ['things', 'add', '--name', 'x', '-h'],
      ['help', 'things', 'add'],
    ]) {
      const result = await run(argv);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(
        [
          'Usage: accounts things add --name N',
          '                           [--colour C]',
          '',
          'Adds a thing.',
          '',
          'Options:',
          '  --name N  its name',
          '',
          'Other things commands:',
          '  things break [--config]',
        ].join('\n'),
      );
    }
    expect(ran).toEqual([]);
  });

  it('passes --help after -- to the command as an operand', async () => {
    ran.length = 0;
    const result = await run(['things', 'add', '--name', 'x', '--', '--help']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unexpected argument');
  });

  it('runs the command with the arguments after its name', async () => {
    ran.length = 0;
    expect(await run(['things', 'add', '--name', 'box'])).toMatchObject({ status: 0, stderr: '' });
    expect(ran).toEqual([['--name', 'box']]);
    expect(await run(['ping'])).toEqual({ status: 0, stdout: 'pong', stderr: '' });
  });

  it("reports a bad argument with status 2 and where the command's usage is", async () => {
    const missing = await run(['things', 'add']);
    expect(missing).toEqual({
      status: 2,
      stdout: '',
      stderr: 'accounts things add: --name is required\n"accounts things add --help" shows its usage.',
    });
    const unknownOption = await run(['things', 'add', '--nme', 'x']);
    expect(unknownOption.status).toBe(2);
    expect(unknownOption.stderr).toContain("Unknown option '--nme'");
  });

  it('reports a bad configuration with status 2 and a failure with status 1', async () => {
    expect(await run(['things', 'break', '--config'])).toMatchObject({
      status: 2,
      stderr: 'accounts things break: DATABASE_URL is wrong',
    });
    expect(await run(['things', 'break'])).toMatchObject({
      status: 1,
      stderr: 'accounts things break failed: disk full',
    });
  });
});

describe('the command table', () => {
  it('names every command once, with a summary', () => {
    const names = COMMANDS.map((command) => command.name.join(' '));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['migrate', 'users create', 'tokens mint']));
    for (const command of COMMANDS) expect(command.summary).not.toBe('');
  });
});
