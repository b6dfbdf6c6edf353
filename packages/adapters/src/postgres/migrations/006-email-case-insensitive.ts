import { sql, type Kysely } from 'kysely';

/** The unique index behind EmailTaken for emails that differ only in case. */
export const EMAIL_LOWER_INDEX = 'users_email_lower_key';

/** How many colliding groups the error names; the rest are counted. */
const SHOWN_COLLISIONS = 10;

/**
 * Emails are unique case-insensitively (`unique` on users.email stays, as operations.md lists
 * it). Refuses, naming the accounts, when existing users already differ only in case: which of
 * them to keep is the operator's decision. Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ accounts: string }>`
    select string_agg(email || ' (id ' || id || ')', ', ' order by email, id) as accounts
    from users group by lower(email) having count(*) > 1 order by lower(email)
  `.execute(db);
  if (rows.length > 0) {
    const shown = rows.slice(0, SHOWN_COLLISIONS).map((row) => `  ${row.accounts}`);
    const more = rows.length > SHOWN_COLLISIONS ? [`  …and ${rows.length - SHOWN_COLLISIONS} more`] : [];
    throw new Error(
      [
        `emails must be unique regardless of case, but ${rows.length} group(s) of users differ only in case:`,
        ...shown,
        ...more,
        'Change the email of (or delete) all but one user of each group, then migrate again.',
      ].join('\n'),
    );
  }
  await sql`create unique index ${sql.id(EMAIL_LOWER_INDEX)} on users (lower(email))`.execute(db);
}
