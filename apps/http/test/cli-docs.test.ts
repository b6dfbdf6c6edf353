import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_TABLE_FILES, cliTable, withCliTable } from '../src/cli/cli-table.js';
import { COMMANDS } from '../src/cli/commands/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the operator CLI tables', () => {
  it.each(CLI_TABLE_FILES)(
    '%s holds the table the command list gives (else run `pnpm docs:config`)',
    (file) => {
      const markdown = readFileSync(ROOT + file, 'utf8');
      expect(withCliTable(markdown)).toBe(markdown);
    },
  );

  it('has one row per command, in the order of the usage, with its arguments and summary', () => {
    const rows = cliTable()
      .split('\n')
      .slice(2)
      .map((row) => row.replaceAll('\\|', '|'));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1])).toEqual(
      COMMANDS.map((command) =>
        [...command.name, command.synopsis.replace(/\s*\n\s*/g, ' ')].join(' ').trim(),
      ),
    );
    const names = rows.map((row) => /^\| `([a-z-]+(?: [a-z-]+)?)/.exec(row)?.[1]);
    expect(names).toEqual(
      expect.arrayContaining([
        'users show',
        'users disable',
        'users reset-two-factor',
        'users events',
        'retention run',
        'tokens mint',
      ]),
    );
    expect(rows.find((row) => row.startsWith('| `tokens mint'))).toContain('[--scope S] [--sid S]');
  });

  it('replaces only what is between the markers, and refuses a file without them', () => {
    const start = '<!-- cli-table:start: generated from apps/http/src/cli/commands by `pnpm docs:config` -->';
    const stale = `before\n${start}\n| old |\n<!-- cli-table:end -->\nafter\n`;
    const written = withCliTable(stale);
    expect(written.startsWith(`before\n${start}\n<!-- prettier-ignore-start -->\n| command`)).toBe(true);
    expect(written.endsWith('<!-- prettier-ignore-end -->\n<!-- cli-table:end -->\nafter\n')).toBe(true);
    expect(withCliTable(written)).toBe(written);
    expect(() => withCliTable('no markers')).toThrow(/markers/);
  });
});
