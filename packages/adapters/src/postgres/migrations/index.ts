import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as hardening from './002-hardening.js';
import * as outbox from './003-outbox.js';
import * as accountPage from './004-account-page.js';
import * as emailCaseInsensitive from './006-email-case-insensitive.js';
import * as authFailures from './007-auth-failures.js';
import * as passkeys from './008-passkeys.js';
import * as growthIndexes from './009-growth-indexes.js';
import * as auditAgeIndex from './010-audit-age-index.js';
import * as sessions from './011-sessions.js';
import * as sessionPages from './012-session-pages.js';
import * as ssfStreams from './013-ssf-streams.js';
import * as providerLogouts from './014-provider-logouts.js';
import * as sessionsBySid from './015-sessions-by-sid.js';

export { CUSTOM_DOMAIN_INDEX } from './001-initial.js';
export { AUDIT_LOG_PAGE_INDEX } from './004-account-page.js';
export { EMAIL_LOWER_INDEX } from './006-email-case-insensitive.js';
export { SESSION_KEY_INDEX } from './011-sessions.js';

/**
 * Every migration, by name, in order. Imported rather than read from disk: works from src and dist.
 * Forward-only: each has an `up` and no `down`. No 005 was ever released; the names stay as
 * databases recorded them.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '001_initial': { up: initial.up },
  '002_hardening': { up: hardening.up },
  '003_outbox': { up: outbox.up },
  '004_account_page': { up: accountPage.up },
  '006_email_case_insensitive': { up: emailCaseInsensitive.up },
  '007_auth_failures': { up: authFailures.up },
  '008_passkeys': { up: passkeys.up },
  '009_growth_indexes': { up: growthIndexes.up },
  '010_audit_age_index': { up: auditAgeIndex.up },
  '011_sessions': { up: sessions.up },
  '012_session_pages': { up: sessionPages.up },
  '013_ssf_streams': { up: ssfStreams.up },
  '014_provider_logouts': { up: providerLogouts.up },
  '015_sessions_by_sid': { up: sessionsBySid.up },
};
