#!/usr/bin/env node
// `pnpm docs:config`: writes the generated tables of docs/operations.md, the configuration table
// from the configuration schema (config/config-schema.ts) and the operator CLI's from its command
// list (cli/commands); test/config-docs.test.ts and test/cli-docs.test.ts fail while they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLI_TABLE_FILES, withCliTable } from './cli/cli-table.js';
import { CONFIG_TABLE_FILES, withConfigTable } from './config/config-table.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const writers: [readonly string[], (markdown: string) => string][] = [
  [CONFIG_TABLE_FILES, withConfigTable],
  [CLI_TABLE_FILES, withCliTable],
];
for (const [files, write] of writers) {
  for (const file of files) {
    const before = readFileSync(root + file, 'utf8');
    const after = write(before);
    if (after !== before) writeFileSync(root + file, after);
    process.stdout.write(`${file}: ${after === before ? 'up to date' : 'table written'}\n`);
  }
}
