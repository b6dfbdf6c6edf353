import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config/config-schema.js';
import { CONFIG_TABLE_FILES, configTable, withConfigTable } from '../src/config/config-table.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the configuration tables', () => {
  it.each(CONFIG_TABLE_FILES)('%s holds the table the schema gives (else run `pnpm docs:config`)', (file) => {
    const markdown = readFileSync(ROOT + file, 'utf8');
    expect(withConfigTable(markdown)).toBe(markdown);
  });

  it('has one row per variable, with its default, what it takes and its meaning', () => {
    const rows = configTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `(\w+)`/.exec(row)?.[1])).toEqual(Object.keys(ConfigSchema.properties));
    expect(rows.find((row) => row.startsWith('| `PORT`'))).toMatch(
      /^\| `PORT` +\| `3000` +\| a whole number from 0 to 65535 +\| TCP port the server listens on\. +\|$/,
    );
    expect(rows.find((row) => row.startsWith('| `AUDIT_RETENTION_DAYS`'))).toContain('kept forever');
  });

  it('gives every variable a one-line description', () => {
    for (const [name, schema] of Object.entries(ConfigSchema.properties)) {
      const description: unknown = 'description' in schema ? schema.description : undefined;
      expect(
        typeof description === 'string' && description.length > 0 && !description.includes('\n'),
        name,
      ).toBe(true);
    }
  });

  it('replaces only what is between the markers, and refuses a file without them', () => {
    const start =
      '<!-- config-table:start: generated from apps/http/src/config/config-schema.ts by `pnpm docs:config` -->';
    const stale = `before\n${start}\n| old |\n<!-- config-table:end -->\nafter\n`;
    const written = withConfigTable(stale);
    expect(written.startsWith(`before\n${start}\n<!-- prettier-ignore-start -->\n| variable`)).toBe(true);
    expect(written.endsWith('<!-- prettier-ignore-end -->\n<!-- config-table:end -->\nafter\n')).toBe(true);
    expect(withConfigTable(written)).toBe(written);
    expect(() => withConfigTable('no markers')).toThrow(/markers/);
  });
});
