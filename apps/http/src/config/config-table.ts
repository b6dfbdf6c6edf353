import type { TSchema } from 'typebox';
import { ConfigSchema } from './config-schema.js';
import { accepts, schemaDefault } from './parse-variables.js';

/** The generated table sits between these lines; Prettier leaves it as generated. */
const START =
  '<!-- config-table:start: generated from apps/http/src/config/config-schema.ts by `pnpm docs:config` -->';
const END = '<!-- config-table:end -->';

/** The configuration table: one row per variable of ConfigSchema, in its order. */
export function configTable(): string {
  const rows = Object.entries(ConfigSchema.properties).map(([name, schema]: [string, TSchema]) => [
    `\`${name}\``,
    defaultText(schema),
    accepts(schema),
    'description' in schema ? String(schema.description) : '',
  ]);
  return table(['variable', 'default', 'takes', 'meaning'], rows);
}

/** `markdown` with the text between the table's markers replaced by the current table. */
export function withConfigTable(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start === -1 || end < start) throw new Error(`no "${START}" … "${END}" markers`);
  const generated = ['<!-- prettier-ignore-start -->', configTable(), '<!-- prettier-ignore-end -->'].join(
    '\n',
  );
  return `${markdown.slice(0, start + START.length)}\n${generated}\n${markdown.slice(end)}`;
}

/** The files whose configuration tables are generated, relative to the repository root (README links to it). */
export const CONFIG_TABLE_FILES = ['docs/operations.md'] as const;

function defaultText(schema: TSchema): string {
  const value = schemaDefault(schema);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return `\`${value}\``;
  return 'x-unset' in schema ? String(schema['x-unset']) : 'unset';
}

/** A Markdown table, its columns padded to line up. */
export function table(header: string[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => width(row[column] ?? ''))));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - width(cell))).join(' | ')} |`;
  const [head = [], ...body] = cells;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const width = (text: string) => Array.from(text).length;
