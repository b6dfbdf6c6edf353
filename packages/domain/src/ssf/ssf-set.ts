import type { AuditRecord } from '../audit.js';
import {
  CAEP_CREDENTIAL_CHANGE,
  CAEP_SESSION_REVOKED,
  RISC_ACCOUNT_DISABLED,
  RISC_ACCOUNT_ENABLED,
  RISC_ACCOUNT_PURGED,
  SSF_STREAM_UPDATED,
  SSF_VERIFICATION,
  type SsfStreamStatus,
} from './ssf.js';

/** A user as SSF subjects name it: by the identity provider's issuer and the user's id. */
type SsfIssSub = { format: 'iss_sub'; iss: string; sub: string };

/** The top-level `sub_id` of a SET (SSF 1.0 §3, RFC 9493). */
type SsfSubject =
  | SsfIssSub
  | { format: 'complex'; user: SsfIssSub; session: { format: 'opaque'; id: string } }
  | { format: 'opaque'; id: string };

/** The fixed `reason_admin` texts (decisions.md; keyed by BCP 47 tags). */
const SSF_REASONS = {
  signedOutByUser: 'Signed out by the user',
  signedOutAtProvider: 'Signed out at the identity provider',
  authenticatorOn: 'Authenticator app turned on',
  authenticatorOff: 'Authenticator app turned off',
  backupCodesReplaced: 'Backup codes replaced',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
} as const;

/** One SET's event, before the stream (`aud`), its `jti` and the signature are known. */
export type SsfChangeEvent = {
  /** The event type URI: the one member of `events`. */
  type: string;
  subject: SsfSubject;
  /** The event's members: `event_timestamp` and the type's own, never a secret, code or token. */
  event: Record<string, unknown>;
};

export type SsfChangeContext = {
  /** The identity provider's issuer: `iss` of every `iss_sub` subject. */
  providerIssuer: string;
  /** The change's time: `event_timestamp` (seconds). */
  at: Date;
  /** The passkey's transports, for a passkey change (null or absent: not known, a roaming key). */
  passkeyTransports?: readonly string[] | null;
};

/** CAEP 1.0 §2's `initiating_entity` values this service sends. */
type InitiatingEntity = 'user' | 'admin' | 'policy';

/** The audit record's `initiator` (issue 54) as CAEP names it: the provider's sign-out is its policy. */
const INITIATING_ENTITIES: ReadonlyMap<string, InitiatingEntity> = new Map([
  ['user', 'user'],
  ['operator', 'admin'],
  ['idp', 'policy'],
]);

/**
 * Who made the change: the record's `initiator` when it names one, else an operator when it has an
 * `actorId`, else the user.
 */
function initiatingEntityOf(record: AuditRecord): InitiatingEntity {
  const initiator = record.details.initiator;
  const named = typeof initiator === 'string' ? INITIATING_ENTITIES.get(initiator) : undefined;
  if (named !== undefined) return named;
  return typeof record.details.actorId === 'string' ? 'admin' : 'user';
}

/** `reason_admin`: the operator's reason for an operator's change, else the fixed text. */
function reasonAdmin(record: AuditRecord, fixed: string): { en: string } {
  const reason = record.details.reason;
  return {
    en:
      initiatingEntityOf(record) === 'admin' && typeof reason === 'string' && reason !== '' ? reason : fixed,
  };
}

/**
 * The SSF event of an audited change (decisions.md, "Security events for receivers"), or null for a
 * change no supported event stands for. One change, one event: its SETs (one per stream) share it.
 */
export function ssfEventOf(record: AuditRecord, context: SsfChangeContext): SsfChangeEvent | null {
  const user: SsfIssSub = { format: 'iss_sub', iss: context.providerIssuer, sub: record.userId };
  const event_timestamp = Math.floor(context.at.getTime() / 1000);
  const initiating_entity = initiatingEntityOf(record);
  const credential = (credential_type: string, change_type: string, fixed: string): SsfChangeEvent => ({
    type: CAEP_CREDENTIAL_CHANGE,
    subject: user,
    event: {
      event_timestamp,
      initiating_entity,
      reason_admin: reasonAdmin(record, fixed),
      credential_type,
      change_type,
    },
  });
  const risc = (type: string): SsfChangeEvent => ({ type, subject: user, event: { event_timestamp } });
  switch (record.event) {
    case 'SESSION_REVOKE':
    case 'SESSIONS_REVOKE': {
      const sid = record.revocation?.kind === 'session' ? record.revocation.sid : null;
      const fixed =
        initiating_entity === 'policy' ? SSF_REASONS.signedOutAtProvider : SSF_REASONS.signedOutByUser;
      return {
        type: CAEP_SESSION_REVOKED,
        subject:
          record.event === 'SESSION_REVOKE' && sid !== null
            ? { format: 'complex', user, session: { format: 'opaque', id: sid } }
            : user,
        event: { event_timestamp, initiating_entity, reason_admin: reasonAdmin(record, fixed) },
      };
    }
    case 'TWO_FACTOR_ENABLE':
      return credential('app', 'create', SSF_REASONS.authenticatorOn);
    case 'TWO_FACTOR_DISABLE':
      return credential('app', 'delete', SSF_REASONS.authenticatorOff);
    case 'TWO_FACTOR_BACKUP_CODES_REGENERATE':
      return credential('app', 'update', SSF_REASONS.backupCodesReplaced);
    case 'PASSKEY_ADD':
    case 'PASSKEY_REMOVE': {
      const platform = context.passkeyTransports?.includes('internal') ?? false;
      const added = record.event === 'PASSKEY_ADD';
      return credential(
        platform ? 'fido2-platform' : 'fido2-roaming',
        added ? 'create' : 'delete',
        added ? SSF_REASONS.passkeyAdded : SSF_REASONS.passkeyRemoved,
      );
    }
    case 'USER_DISABLE':
    case 'USER_BAN':
      return risc(RISC_ACCOUNT_DISABLED);
    case 'USER_DELETE':
      return risc(RISC_ACCOUNT_PURGED);
    case 'USER_UPDATE':
      return record.details.action === 'account_enabled' || record.details.action === 'account_unbanned'
        ? risc(RISC_ACCOUNT_ENABLED)
        : null;
    case 'PASSKEY_COUNTER_REGRESSION':
    case 'USER_EXPORT':
      return null;
  }
}

/** A stream's verification event (SSF 1.0 §8.1.4): the receiver's `state`, if it gave one. */
export function ssfVerificationEvent(streamId: string, state: string | null): SsfChangeEvent {
  return {
    type: SSF_VERIFICATION,
    subject: { format: 'opaque', id: streamId },
    event: state === null ? {} : { state },
  };
}

/** A stream's stream-updated event (SSF 1.0 §8.1.5): its new status and the reason given. */
export function ssfStreamUpdatedEvent(
  streamId: string,
  status: SsfStreamStatus,
  reason: string | null,
): SsfChangeEvent {
  return {
    type: SSF_STREAM_UPDATED,
    subject: { format: 'opaque', id: streamId },
    event: reason === null ? { status } : { status, reason },
  };
}

/** A SET's claims, as ssfSetClaims makes them. */
export type SsfSetClaims = {
  iss: string;
  aud: string;
  iat: number;
  jti: string;
  txn?: string;
  sub_id: SsfSubject;
  events: Record<string, Record<string, unknown>>;
};

/**
 * The claims of one SET (RFC 8417, SSF 1.0 §4): `iss`, `aud`, `iat`, `jti`, `txn` for an audited
 * change, `sub_id` at the top level, `events` with one member. No `sub`, no `exp`.
 */
export function ssfSetClaims(input: {
  issuer: string;
  audience: string;
  jti: string;
  issuedAt: Date;
  /** The audited change's id, shared by its SETs; null for verification and stream-updated. */
  txn: string | null;
  change: SsfChangeEvent;
}): SsfSetClaims {
  return {
    iss: input.issuer,
    aud: input.audience,
    iat: Math.floor(input.issuedAt.getTime() / 1000),
    jti: input.jti,
    ...(input.txn === null ? {} : { txn: input.txn }),
    sub_id: input.change.subject,
    events: { [input.change.type]: input.change.event },
  };
}
