import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type {
  NewPasskey,
  PasskeyCeremony,
  PasskeyChallengeRepository,
  PasskeyRepository,
  StoredPasskey,
} from '@accounts/application';
import type { Selectable } from 'kysely';
import { countOfUser, jsonb, toNumber } from './column-values.js';
import type { DatabaseExecutor, PasskeysTable } from './schema.js';

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'name',
  'created_at',
  'last_used_at',
] as const satisfies readonly (keyof PasskeysTable)[];

function toPasskey(row: Selectable<PasskeysTable>): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: toNumber(row.counter),
    transports: Array.isArray(row.transports) ? row.transports.filter((t) => typeof t === 'string') : [],
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export class KyselyPasskeyRepository implements PasskeyRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  async listByUser(userId: string): Promise<StoredPasskey[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toPasskey);
  }

  countByUser(userId: string): Promise<number> {
    return countOfUser(this.db, 'passkeys', userId);
  }

  /** ON CONFLICT DO NOTHING: a taken credential id leaves the transaction usable. */
  async add(passkey: NewPasskey): Promise<Result<StoredPasskey, ErrorOf<'PasskeyAlreadyRegistered'>>> {
    const row = await this.db
      .insertInto('passkeys')
      .values({
        user_id: passkey.userId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: jsonb([...passkey.transports]),
        name: passkey.name,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? ok(toPasskey(row)) : err({ type: 'PasskeyAlreadyRegistered' });
  }

  async remove(userId: string, id: string): Promise<StoredPasskey | null> {
    const row = await this.db
      .deleteFrom('passkeys')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toPasskey(row) : null;
  }

  async removeAllByUser(userId: string): Promise<void> {
    await this.db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  }

  async recordUse(id: string, use: { expected: number; counter: number; at: Date }): Promise<boolean> {
    const updated = await this.db
      .updateTable('passkeys')
      .set({ counter: use.counter, last_used_at: use.at })
      .where('id', '=', id)
      .where('counter', '=', use.expected)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }
}

export class KyselyPasskeyChallengeRepository implements PasskeyChallengeRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  /** Only the latest challenge of a user and ceremony can be answered: older ones go. */
  async save(challenge: {
    userId: string;
    ceremony: PasskeyCeremony;
    challenge: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .deleteFrom('passkey_challenges')
      .where('user_id', '=', challenge.userId)
      .where('ceremony', '=', challenge.ceremony)
      .execute();
    await this.db
      .insertInto('passkey_challenges')
      .values({
        user_id: challenge.userId,
        ceremony: challenge.ceremony,
        challenge: challenge.challenge,
        expires_at: challenge.expiresAt,
      })
      .execute();
  }

  /** One DELETE ... RETURNING: of two parallel takes, one gets the challenge. */
  async take(
    userId: string,
    ceremony: PasskeyCeremony,
  ): Promise<{ challenge: string; expiresAt: Date } | null> {
    const rows = await this.db
      .deleteFrom('passkey_challenges')
      .where('user_id', '=', userId)
      .where('ceremony', '=', ceremony)
      .returning(['id', 'challenge', 'expires_at'])
      .execute();
    const latest = rows.reduce<(typeof rows)[number] | null>(
      (found, row) => (found === null || BigInt(row.id) > BigInt(found.id) ? row : found),
      null,
    );
    return latest ? { challenge: latest.challenge, expiresAt: latest.expires_at } : null;
  }
}
