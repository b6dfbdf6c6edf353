#!/usr/bin/env node
import { COMMANDS } from './cli/commands/index.js';
import { runCli } from './cli/run-cli.js';

runCli(
  process.argv.slice(2),
  COMMANDS,
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  },
  { env: process.env, stdin: process.stdin },
).then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`accounts failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
