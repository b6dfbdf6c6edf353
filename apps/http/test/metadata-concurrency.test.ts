import { aDropEntitlement } from '@accounts/application/testing';
import type { Metadata } from '@accounts/domain';
import { sql } from 'kysely';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../src/composition-root.js';
import { startRealService, type RealService } from './real-service.js';
import { seedSignedInUser } from './signed-in-user.js';

// Entitlement metadata is changed key by key in SQL: a concurrent change to another key survives.
const INCREMENTS = 200;
const DOMAIN_POSTS = 60;

describe.each(await testDatabaseTargets())(
  'entitlement metadata under concurrent changes on $label',
  (target) => {
    let service: Service;
    let base: string;
    let close: RealService['close'] | undefined;

    beforeAll(async () => {
      ({ service, base, close } = await startRealService(target, { env: { RATE_LIMIT_MAX: '100000' } }));
    });
    afterAll(() => close?.());

    const anEnterpriseUser = (metadata: Metadata | null = null) =>
      seedSignedInUser({ service, base }, { passwordHash: null }, (id) => aDropEntitlement(id, { metadata }));

    const metadataOf = async (userId: string) =>
      (
        await sql<{
          metadata: unknown;
        }>`select metadata from service_access where user_id = ${userId} and service = 'DROP'`.execute(
          service.database.db,
        )
      ).rows[0]?.metadata;

    it(`keeps all ${INCREMENTS} increments of another key made in SQL beside ${DOMAIN_POSTS} domain POSTs`, async () => {
      const user = await anEnterpriseUser({ counter: 0, plan: 'x' });
      const increment = () =>
        sql`
        update service_access
        set metadata = coalesce(metadata, '{}'::jsonb)
          || jsonb_build_object('counter', coalesce((metadata ->> 'counter')::int, 0) + 1)
        where user_id = ${user.id} and service = 'DROP'
      `.execute(service.database.db);
      const post = (i: number) =>
        user.call('POST', '/api/user/custom-domain', { domain: `race${i % 3}.example.com` });
      const disconnect = () => user.call('DELETE', '/api/user/custom-domain');

      // Both spread over the same stretch of time: 6 clients of 10 POSTs in a row, and 10 writers
      // of 20 increments a few ms apart.
      const clients = Array.from({ length: 6 }, async (_, c) => {
        const answers = [];
        for (let i = c * 10; i < (c + 1) * 10; i++)
          answers.push(await (i % 10 === 9 ? disconnect() : post(i)));
        return answers;
      });
      const writers = Array.from({ length: 10 }, async () => {
        for (let i = 0; i < INCREMENTS / 10; i++) {
          await increment();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
      const [answers] = await Promise.all([
        Promise.all(clients).then((all) => all.flat()),
        Promise.all(writers),
      ]);
      expect(answers).toHaveLength(DOMAIN_POSTS);

      for (const answer of answers) expect(answer.status).toBe(200);
      const metadata = (await metadataOf(user.id)) as Record<string, unknown>;
      expect(metadata.counter).toBe(INCREMENTS);
      expect(metadata.plan).toBe('x');
    });

    it('treats metadata that is a JSON string as an empty object', async () => {
      const user = await anEnterpriseUser('abc' as unknown as Metadata);
      expect(await metadataOf(user.id)).toBe('abc');
      expect((await user.call('GET', '/api/user/custom-domain')).body).toEqual({
        customDomain: null,
        customDomainVerified: false,
        hasCustomDomain: false,
      });

      expect(
        (await user.call('POST', '/api/user/custom-domain', { domain: 'json.example.com' })).status,
      ).toBe(200);

      expect(await metadataOf(user.id)).toEqual({
        customDomain: 'json.example.com',
        customDomainVerified: false,
      });
      expect((await user.call('GET', '/api/user/custom-domain')).body).toEqual({
        customDomain: 'json.example.com',
        customDomainVerified: false,
        hasCustomDomain: true,
      });
      expect((await user.call('DELETE', '/api/user/custom-domain')).status).toBe(200);
      expect(await metadataOf(user.id)).toEqual({});
    });
  },
);
