import type { SsfStream, SsfStreamRepository } from '@accounts/application';
import { SSF_POLL, SSF_PUSH, type SsfStreamStatus } from '@accounts/domain';
import type { Selectable } from 'kysely';
import type { DatabaseExecutor, SsfStreamsTable } from './schema.js';

type SsfStreamRow = Selectable<SsfStreamsTable>;

/** jsonb as read: parsed by `pg`, a string from some PGlite paths. */
function jsonArray(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

function streamOf(row: SsfStreamRow): SsfStream {
  const delivery: SsfStream['delivery'] =
    row.delivery_method === SSF_PUSH
      ? { method: SSF_PUSH, endpointUrl: row.endpoint_url, authorizationHeader: row.authorization_header }
      : { method: SSF_POLL, endpointUrl: row.endpoint_url };
  return {
    id: row.id,
    receiver: row.receiver,
    delivery,
    eventsRequested: row.events_requested === null ? null : jsonArray(row.events_requested),
    eventsDelivered: jsonArray(row.events_delivered),
    description: row.description,
    status: row.status as SsfStreamStatus, // written only from SsfStreamStatus
    statusReason: row.status_reason,
    lastVerificationAt: row.last_verification_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function columnsOf(stream: SsfStream) {
  return {
    delivery_method: stream.delivery.method,
    endpoint_url: stream.delivery.endpointUrl,
    authorization_header: stream.delivery.method === SSF_PUSH ? stream.delivery.authorizationHeader : null,
    events_requested: stream.eventsRequested === null ? null : JSON.stringify(stream.eventsRequested),
    events_delivered: JSON.stringify(stream.eventsDelivered),
    description: stream.description,
    status: stream.status,
    status_reason: stream.statusReason,
    last_verification_at: stream.lastVerificationAt,
    updated_at: stream.updatedAt,
  };
}

/** The SSF streams in `ssf_streams` (013_ssf_streams), the removed subjects in `ssf_excluded_subjects`. */
export class KyselySsfStreamRepository implements SsfStreamRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  /** The receiver's unique index decides between two concurrent creates. */
  async create(stream: SsfStream): Promise<boolean> {
    const inserted = await this.db
      .insertInto('ssf_streams')
      .values({
        id: stream.id,
        receiver: stream.receiver,
        created_at: stream.createdAt,
        ...columnsOf(stream),
      })
      .onConflict((oc) => oc.column('receiver').doNothing())
      .returning('id')
      .execute();
    return inserted.length === 1;
  }

  async ofReceiver(receiver: string): Promise<SsfStream | null> {
    const row = await this.db
      .selectFrom('ssf_streams')
      .selectAll()
      .where('receiver', '=', receiver)
      .executeTakeFirst();
    return row ? streamOf(row) : null;
  }

  async ofId(id: string): Promise<SsfStream | null> {
    const row = await this.db.selectFrom('ssf_streams').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? streamOf(row) : null;
  }

  async all(): Promise<SsfStream[]> {
    const rows = await this.db
      .selectFrom('ssf_streams')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(streamOf);
  }

  async update(stream: SsfStream): Promise<void> {
    await this.db.updateTable('ssf_streams').set(columnsOf(stream)).where('id', '=', stream.id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('ssf_streams').where('id', '=', id).returning('id').execute();
    return deleted.length === 1;
  }

  /** Only for a stream that exists (the foreign key); a stream deleted meanwhile excludes nothing. */
  async excludeSubject(streamId: string, userId: string): Promise<void> {
    await this.db
      .insertInto('ssf_excluded_subjects')
      .columns(['stream_id', 'user_id'])
      .expression((eb) =>
        eb
          .selectFrom('ssf_streams')
          .select((inner) => [inner.ref('ssf_streams.id').as('stream_id'), inner.val(userId).as('user_id')])
          .where('ssf_streams.id', '=', streamId),
      )
      .onConflict((oc) => oc.columns(['stream_id', 'user_id']).doNothing())
      .execute();
  }

  async includeSubject(streamId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('ssf_excluded_subjects')
      .where('stream_id', '=', streamId)
      .where('user_id', '=', userId)
      .execute();
  }

  async excludingUser(streamIds: readonly string[], userId: string): Promise<string[]> {
    if (streamIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('ssf_excluded_subjects')
      .select('stream_id')
      .where('stream_id', 'in', streamIds)
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.stream_id);
  }

  /** One conditional UPDATE: of two concurrent verifications, one records its time. */
  async recordVerification(streamId: string, at: Date, notAfter: Date): Promise<boolean> {
    const updated = await this.db
      .updateTable('ssf_streams')
      .set({ last_verification_at: at })
      .where('id', '=', streamId)
      .where((eb) =>
        eb.or([eb('last_verification_at', 'is', null), eb('last_verification_at', '<=', notAfter)]),
      )
      .returning('id')
      .execute();
    return updated.length === 1;
  }
}
