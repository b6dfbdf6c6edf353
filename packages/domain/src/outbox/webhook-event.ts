import type { AuditRecord } from '../audit.js';

type WebhookEventType =
  | 'user.disabled'
  | 'user.enabled'
  | 'user.banned'
  | 'user.unbanned'
  | 'user.deleted'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.backup_codes_regenerated'
  | 'custom_domain.connected'
  | 'custom_domain.disconnected'
  | 'custom_domain.verified'
  | 'custom_domain.released'
  | 'passkey.added'
  | 'passkey.removed'
  | 'session.revoked'
  | 'sessions.revoked';

/** A field of a webhook's data: text, or (for the session events) null or a list of `sid`s. */
type WebhookValue = string | null | readonly string[];

type WebhookData = { userId: string } & Record<string, WebhookValue>;

/** What a receiver gets as the body: `{"type", "timestamp", "data"}`. */
export type WebhookEvent = { type: WebhookEventType; timestamp: string; data: WebhookData };

/**
 * True for an audit record whose event names the custom domain without carrying it
 * (`customDomainVerified`): the caller then passes the entitlement's current domain.
 */
export function needsCurrentDomain(record: AuditRecord): boolean {
  return (
    record.event === 'USER_UPDATE' &&
    record.details.field === 'customDomainVerified' &&
    typeof record.details.domain !== 'string'
  );
}

/**
 * The webhook event of an audited change (docs/decisions.md, "Durable side effects"), or null for a
 * record no event stands for. Only the listed fields are copied: never a secret, code or token.
 */
export function webhookEventOf(
  record: AuditRecord,
  context: { at: Date; currentDomain?: string | null },
): WebhookEvent | null {
  const found = typeAndData(record, context.currentDomain ?? null);
  if (!found) return null;
  return {
    type: found.type,
    timestamp: context.at.toISOString(),
    data: { userId: record.userId, ...found.data },
  };
}

function typeAndData(
  record: AuditRecord,
  currentDomain: string | null,
): { type: WebhookEventType; data: Record<string, WebhookValue> } | null {
  const { details } = record;
  const email: Record<string, string> = typeof details.email === 'string' ? { email: details.email } : {};
  switch (record.event) {
    case 'USER_DISABLE':
      return { type: 'user.disabled', data: email };
    case 'USER_BAN':
      return { type: 'user.banned', data: email };
    case 'USER_DELETE':
      return { type: 'user.deleted', data: email };
    case 'TWO_FACTOR_ENABLE':
      return { type: 'two_factor.enabled', data: {} };
    case 'TWO_FACTOR_DISABLE':
      return { type: 'two_factor.disabled', data: {} };
    case 'TWO_FACTOR_BACKUP_CODES_REGENERATE':
      return { type: 'two_factor.backup_codes_regenerated', data: {} };
    case 'USER_UPDATE':
      return userUpdate(record, currentDomain);
    case 'PASSKEY_ADD':
      return { type: 'passkey.added', data: passkeyData(details) };
    case 'PASSKEY_REMOVE':
      return { type: 'passkey.removed', data: passkeyData(details) };
    case 'PASSKEY_COUNTER_REGRESSION':
      return null;
    // An operator's export is told to the account's owner (their security events), not to receivers.
    case 'USER_EXPORT':
      return null;
    case 'SESSION_REVOKE':
      return sessionRevoked(record);
    case 'SESSIONS_REVOKE':
      return sessionsRevoked(record);
  }
}

/** Who ended the sessions (`user`, `operator`, `idp`), as the audit details hold it; null if they do not. */
const initiatorOf = (record: AuditRecord) =>
  typeof record.details.initiator === 'string' ? record.details.initiator : null;

/** `session.revoked`: the session's id, its `sid` (null for a session without one), who ended it. */
function sessionRevoked(record: AuditRecord): { type: WebhookEventType; data: Record<string, WebhookValue> } {
  const sessionId = typeof record.details.sessionId === 'string' ? record.details.sessionId : null;
  const sid = record.revocation?.kind === 'session' ? record.revocation.sid : null;
  return { type: 'session.revoked', data: { sessionId, sid, initiator: initiatorOf(record) } };
}

/**
 * `sessions.revoked`: the scope, from when on tokens are accepted, the revoked sessions' `sid`s,
 * who ended them.
 */
function sessionsRevoked(record: AuditRecord): {
  type: WebhookEventType;
  data: Record<string, WebhookValue>;
} {
  const scope = typeof record.details.scope === 'string' ? record.details.scope : null;
  const facts = record.revocation?.kind === 'sessions' ? record.revocation : null;
  return {
    type: 'sessions.revoked',
    data: {
      scope,
      issuedBefore: facts?.issuedBefore ?? null,
      sids: [...(facts?.sids ?? [])],
      initiator: initiatorOf(record),
    },
  };
}

/** The passkey's id and name, as the audit record holds them. */
function passkeyData(details: AuditRecord['details']): Record<string, string> {
  const data: Record<string, string> = {};
  if (typeof details.passkeyId === 'string') data.passkeyId = details.passkeyId;
  if (typeof details.name === 'string') data.name = details.name;
  return data;
}

function userUpdate(
  { details }: AuditRecord,
  currentDomain: string | null,
): { type: WebhookEventType; data: Record<string, string> } | null {
  if (details.action === 'account_enabled') return { type: 'user.enabled', data: {} };
  if (details.action === 'account_unbanned') return { type: 'user.unbanned', data: {} };
  if (details.field === 'customDomain' && details.action === 'released') {
    return {
      type: 'custom_domain.released',
      data: typeof details.domain === 'string' ? { domain: details.domain } : {},
    };
  }
  if (details.field === 'customDomain') {
    return typeof details.value === 'string'
      ? { type: 'custom_domain.connected', data: { domain: details.value } }
      : { type: 'custom_domain.disconnected', data: {} };
  }
  if (details.field === 'customDomainVerified') {
    const domain = typeof details.domain === 'string' ? details.domain : currentDomain;
    return { type: 'custom_domain.verified', data: domain === null ? {} : { domain } };
  }
  return null;
}

/**
 * The body as sent and signed: compact JSON, keys in a fixed order (type, timestamp, data; in
 * data userId first, then the rest by name), whatever order a store gives them back in.
 */
export function webhookBody(event: WebhookEvent): string {
  const { userId, ...rest } = event.data;
  const data: Record<string, WebhookValue> = { userId };
  for (const key of Object.keys(rest).sort()) data[key] = rest[key] ?? null;
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data });
}
