import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILES, compileFiles } from '../scripts/build.mjs';
import { filesUnder, runSteps, writeRecord, readRecord } from '../scripts/lib/up-to-date.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// The up-to-date check of `pnpm build`, `pnpm start` and `pnpm cli` (scripts/build.mjs), on steps
// of its own in a directory of its own: a step runs when a file it read or wrote changed, and only then.
describe('the build runs a step only when one of its files changed', () => {
  let root: string;
  let runs: string[];
  let notes: string[];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'accounts-build-'));
    runs = [];
    notes = [];
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  const write = (file: string, text: string) => {
    writeFileSync(join(root, file), text);
  };
  /** Sets a file's times an hour back: as if it had been written long before the build. */
  const age = (file: string) => {
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(join(root, file), past, past);
  };

  /** A step that reads `input.txt` and writes `output.txt` (its input upper-cased). */
  const upperCase = {
    name: 'upper-case',
    record: 'records/upper-case.json',
    files: () => ['input.txt', 'output.txt'],
    run: () => {
      runs.push('upper-case');
      write('output.txt', readFileSync(join(root, 'input.txt'), 'utf8').toUpperCase());
      age('output.txt');
      return ['input.txt', 'output.txt'];
    },
  };
  /** A step whose files only its run tells (as esbuild's metafile does): what it last recorded. */
  const copy = {
    name: 'copy',
    record: 'records/copy.json',
    files: (record: { files: Record<string, unknown> } | null) => Object.keys(record?.files ?? {}),
    run: () => {
      runs.push('copy');
      write('copy.txt', readFileSync(join(root, 'output.txt'), 'utf8'));
      age('copy.txt');
      return ['output.txt', 'copy.txt'];
    },
  };
  const build = () => runSteps(root, [upperCase, copy], (line) => notes.push(line));

  beforeEach(() => {
    write('input.txt', 'hello');
    age('input.txt');
  });

  it('runs every step the first time, and none again while nothing changed', async () => {
    expect(await build()).toEqual(['upper-case', 'copy']);
    expect(notes).toEqual([
      'upper-case (no record of an earlier build)',
      'copy (no record of an earlier build)',
    ]);
    expect(await build()).toEqual([]);
    expect(runs).toEqual(['upper-case', 'copy']);
  });

  it('runs a step again when a file it read changed, and the steps after it when its output did', async () => {
    await build();
    write('input.txt', 'world');
    expect(await build()).toEqual(['upper-case', 'copy']);
    expect(notes.slice(2)).toEqual(['upper-case (input.txt changed)', 'copy (output.txt changed)']);
    expect(readFileSync(join(root, 'copy.txt'), 'utf8')).toBe('WORLD');
    expect(await build()).toEqual([]);
  });

  it('runs only the later step when only its own files changed', async () => {
    await build();
    write('copy.txt', 'edited by hand');
    expect(await build()).toEqual(['copy']);
    expect(readFileSync(join(root, 'copy.txt'), 'utf8')).toBe('HELLO');
  });

  it('compares contents: a file touched but not changed runs nothing, one changed at the same size runs its step', async () => {
    await build();
    utimesSync(join(root, 'input.txt'), new Date(), new Date());
    expect(await build()).toEqual([]);
    write('input.txt', 'HELLO');
    expect(await build()).toEqual(['upper-case']);
    expect(notes.at(-1)).toBe('upper-case (input.txt changed)');
  });

  it('runs a step whose output is gone, or whose list of files differs from the record', async () => {
    await build();
    rmSync(join(root, 'copy.txt'));
    expect(await build()).toEqual(['copy']);
    expect(notes.at(-1)).toBe('copy (copy.txt changed)');

    const more = ['input.txt', 'output.txt', 'extra.txt'];
    const withMore = { ...upperCase, files: () => more, run: () => [...upperCase.run(), 'extra.txt'] };
    expect(await runSteps(root, [withMore], (line) => notes.push(line))).toEqual(['upper-case']);
    expect(notes.at(-1)).toBe('upper-case (extra.txt is new)');
    expect(await runSteps(root, [upperCase], (line) => notes.push(line))).toEqual(['upper-case']);
    expect(notes.at(-1)).toBe('upper-case (extra.txt is gone from its inputs)');
  });

  it('records nothing for a step that failed, so that the next build runs it again', async () => {
    await build();
    write('input.txt', 'again');
    const failing = {
      ...upperCase,
      run: () => {
        throw new Error('type error');
      },
    };
    await expect(runSteps(root, [failing, copy], () => undefined)).rejects.toThrow('type error');
    expect(await build()).toEqual(['upper-case', 'copy']);
  });

  it('reads a file written just before its record was made, even when its size and time are as recorded', async () => {
    write('fresh.txt', 'one');
    const { mtime } = statSync(join(root, 'fresh.txt'));
    writeRecord(join(root, 'records/fresh.json'), root, ['fresh.txt']);
    // Another write within the file system's time resolution: same size, same time.
    write('fresh.txt', 'two');
    utimesSync(join(root, 'fresh.txt'), mtime, mtime);
    const step = { ...upperCase, record: 'records/fresh.json', files: () => ['fresh.txt'] };
    expect(await runSteps(root, [step], (line) => notes.push(line))).toEqual(['upper-case']);
    expect(notes).toEqual(['upper-case (fresh.txt changed)']);
  });

  it('keeps each file by its path relative to the root', async () => {
    await build();
    expect(Object.keys(readRecord(join(root, 'records/copy.json'))?.files ?? {})).toEqual([
      'copy.txt',
      'output.txt',
    ]);
    expect(filesUnder(root, 'records')).toEqual(['records/copy.json', 'records/upper-case.json']);
  });
});

describe('the compile step', () => {
  /** The projects `tsc -b <tsconfig>` builds and the files it reads, as TypeScript reads the tsconfigs. */
  function projectsOf(tsconfig: string, seen = new Map<string, readonly string[]>()) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(ROOT, tsconfig),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    if (!parsed) throw new Error(`${tsconfig} did not parse`);
    if (parsed.fileNames.length > 0) {
      seen.set(
        relative(ROOT, dirname(join(ROOT, tsconfig))),
        parsed.fileNames.map((file) => relative(ROOT, file)),
      );
    }
    for (const reference of parsed.projectReferences ?? []) {
      const path = ts.resolveProjectReferencePath(reference);
      const config = relative(ROOT, path);
      if (![...seen.keys()].some((project) => `${project}/tsconfig.json` === config))
        projectsOf(config, seen);
    }
    return seen;
  }

  it.each(Object.entries(COMPILES))(
    '%s: lists every project tsc -b builds, and every file it compiles among its inputs',
    (_, compile) => {
      const projects = projectsOf(compile.tsconfig);
      expect([...projects.keys()].sort()).toEqual([...compile.projects].sort());
      const inputs = new Set(compileFiles(ROOT, compile));
      for (const [project, files] of projects) {
        expect(inputs).toContain(`${project}/tsconfig.json`);
        for (const file of files) expect(inputs).toContain(file);
      }
    },
  );
});
