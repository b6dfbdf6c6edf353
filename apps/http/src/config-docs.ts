#!/usr/bin/env node
// `pnpm docs:config`: writes the configuration table of docs/operations.md from the configuration
// schema (config/config-schema.ts); test/config-docs.test.ts fails while they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONFIG_TABLE_FILES, withConfigTable } from './config/config-table.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
for (const file of CONFIG_TABLE_FILES) {
  const before = readFileSync(root + file, 'utf8');
  const after = withConfigTable(before);
  if (after !== before) writeFileSync(root + file, after);
  process.stdout.write(`${file}: ${after === before ? 'up to date' : 'table written'}\n`);
}
