import type { CliCommand } from '../command.js';
import { migrateCommands } from './migrate.commands.js';
import { outboxCommands } from './outbox.commands.js';
import { retentionCommands } from './retention.commands.js';
import { secretsCommands } from './secrets.commands.js';
import { ssfCommands } from './ssf.commands.js';
import { tokensCommands } from './tokens.commands.js';
import { usersCommands } from './users.commands.js';
import { usersOperatorCommands } from './users-operator.commands.js';
import { usersSessionsCommands } from './users-sessions.commands.js';
import { usersExportCommands } from './users-export.commands.js';

/** Every command, in the order the usage lists them. A new group adds its module's list here. */
export const COMMANDS: readonly CliCommand[] = [
  ...migrateCommands,
  ...usersCommands,
  ...usersOperatorCommands,
  ...usersSessionsCommands,
  ...usersExportCommands,
  ...tokensCommands,
  ...outboxCommands,
  ...secretsCommands,
  ...retentionCommands,
  ...ssfCommands,
];
