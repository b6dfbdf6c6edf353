import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
// What the build reads and writes (sources, configurations, dist/ and the records beside it), copied
// with their times; node_modules is the repository's own, linked.
const COPIED = [
  'package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'packages',
  'apps/http',
];

let copy: string;

/** `pnpm build` (no target) or `pnpm cli`'s build (`cli`) in the copy: its status and notes. */
function build(target?: 'cli') {
  const result = spawnSync(process.execPath, ['apps/http/scripts/build.mjs', ...(target ? [target] : [])], {
    cwd: copy,
    encoding: 'utf8',
    timeout: 300_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stderr.split('\n').filter((line) => line.startsWith('build: '));
}

// The system tier's global setup has built the repository: a copy of it, where a source can change.
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'accounts-incremental-build-'));
  for (const entry of COPIED) {
    cpSync(join(ROOT, entry), join(copy, entry), {
      recursive: true,
      preserveTimestamps: true,
      verbatimSymlinks: true,
      filter: (source) => !/[/\\](\.data|coverage|bench|test)$/.test(source),
    });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

describe('pnpm start and pnpm cli build only what changed', () => {
  it('build nothing when nothing changed, and what depends on a changed source when one did', () => {
    // Whatever the repository's last build left to do (a file edited since) is done first.
    build();
    build('cli');
    expect(build()).toEqual([]);
    expect(build('cli')).toEqual([]);

    // A source only the CLI uses: pnpm cli compiles and bundles again, and runs the change.
    const usage = join(copy, 'apps/http/src/cli/usage.ts');
    const source = readFileSync(usage, 'utf8');
    expect(source).toContain("'Commands:'");
    writeFileSync(usage, source.replace("'Commands:'", "'Commands (changed in a copy):'"));
    expect(build('cli')).toEqual([
      'build: tsc -b apps/http/tsconfig.json (apps/http/src/cli/usage.ts changed)',
      'build: bundle (apps/http/dist/cli/usage.js changed)',
    ]);
    const help = spawnSync(process.execPath, ['apps/http/dist/cli.js', '--help'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(help.stdout).toContain('Commands (changed in a copy):');

    // pnpm start's build: tsc -b finds nothing left to do; the serializers do not depend on the CLI,
    // and the bundles are the ones just made.
    expect(build()).toEqual(['build: tsc -b tsconfig.build.json (apps/http/src/cli/usage.ts changed)']);
    expect(build()).toEqual([]);
  }, 300_000);

  it('compile the response serializers again when a module of the routes changed', () => {
    const record = JSON.parse(readFileSync(join(copy, 'apps/http/dist/.build-serializers.json'), 'utf8')) as {
      files: Record<string, unknown>;
    };
    const files = Object.keys(record.files);
    expect(files).toEqual(
      expect.arrayContaining([
        'apps/http/dist/compile-serializers.js',
        'apps/http/dist/schemas/account.schemas.js',
        'packages/adapters/dist/index.js',
        'pnpm-lock.yaml',
      ]),
    );
    expect(files.filter((file) => file.startsWith('apps/http/dist/cli/'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('apps/http/dist/serializers/')).length).toBeGreaterThan(
      100,
    );
  });
});
