import { randomBytes } from 'node:crypto';
import {
  AUDIT_LOG_PAGE_INDEX,
  createPersistence,
  HmacCursorSealer,
  securityEventPageQuery,
} from '@accounts/adapters';
import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import { decodeAuditPosition, type AuditPosition } from '@accounts/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyselySubject, OPEN_TIMEOUT_MS } from './contract-subjects.js';

const targets = await testDatabaseTargets();
const RECORDS = 1_000;
const LIMIT = 37;

describe.each(targets)('security-event pages: $label', (target) => {
  let database: TestDatabase;
  let userId: string;
  let otherId: string;
  beforeAll(async () => {
    database = await target.create();
    const subject = kyselySubject(database);
    userId = (await subject.addUser()).id;
    otherId = (await subject.addUser()).id;
    // 1,000 records of the user over 250 distinct times (ties broken by id), between 2,000 of another.
    await sql`
      insert into audit_logs (user_id, event, details, created_at)
      select case when n % 3 = 0 then ${userId} else ${otherId} end, 'USER_UPDATE',
             jsonb_build_object('n', n),
             timestamptz '2026-01-01 00:00:00.000001+00' + ((n / 12) * interval '1.5 microseconds') + ((n / 12) * interval '1 second')
      from generate_series(0, ${RECORDS * 3 - 1}) as n
    `.execute(database.db);
    await sql`analyze audit_logs`.execute(database.db);
  }, OPEN_TIMEOUT_MS);
  afterAll(() => database.close(), OPEN_TIMEOUT_MS);

  it('lists every record of the user once, newest first, in pages of the limit, each an index range scan', async () => {
    const ports = {
      ...createTestPorts(),
      ...createPersistence(database.db),
      cursors: new HmacCursorSealer(randomBytes(32)),
    };
    const { listSecurityEvents } = createUseCases(ports);
    const seen: number[] = [];
    let cursor: string | undefined;
    let before: AuditPosition | null = null;
    let pages = 0;
    do {
      const plan = await securityEventPageQuery(database.db, userId, { before, limit: LIMIT + 1 }).explain();
      const text = plan.map((row) => String(Object.values(row)[0])).join('\n');
      // Read through the page index alone, with the cursor as an index condition: no page reads
      // the records before it. (For the last, small page the planner may take a bitmap scan of
      // the same index and sort those few rows.)
      expect(text).toMatch(new RegExp(`(Index Scan using|Bitmap Index Scan on) ${AUDIT_LOG_PAGE_INDEX}`));
      expect(text).not.toMatch(/Seq Scan/);
      if (before) expect(text).toMatch(/Index Cond: .*\(ROW\(created_at, id\) < ROW\(/);
      else expect(text).not.toMatch(/Sort/);

      const page = await listSecurityEvents.execute({ userId, limit: LIMIT, cursor });
      if (!page.ok) throw new Error(page.error.type);
      seen.push(...page.value.events.map((event) => Number(event.details.n)));
      expect(page.value.events.length).toBe(page.value.nextCursor ? LIMIT : RECORDS % LIMIT);
      cursor = page.value.nextCursor ?? undefined;
      const payload = cursor ? ports.cursors.open(userId, cursor) : null;
      before = payload ? decodeAuditPosition(payload) : null;
      pages++;
    } while (cursor);

    expect(pages).toBe(Math.ceil(RECORDS / LIMIT));
    const expected = Array.from({ length: RECORDS }, (_, i) => (RECORDS - 1 - i) * 3);
    expect(seen).toEqual(expected);
  });

  it('keeps microsecond precision in the position', async () => {
    const rows = await securityEventPageQuery(database.db, userId, { before: null, limit: 1 }).execute();
    expect(rows[0]?.created_at_text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });
});
