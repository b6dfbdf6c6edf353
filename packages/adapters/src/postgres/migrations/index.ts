import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as hardening from './002-hardening.js';
import * as outbox from './003-outbox.js';

export { CUSTOM_DOMAIN_INDEX } from './001-initial.js';

/** Every migration, by name, in order. Imported rather than read from disk: works from src and dist. */
export const migrations: Readonly<Record<string, Migration>> = {
  '001_initial': initial,
  '002_hardening': hardening,
  '003_outbox': outbox,
};
