import { describe, expect, it } from 'vitest';
import {
  needsCurrentDomain,
  webhookBody,
  webhookEventOf,
  type AuditRecord,
  type WebhookEvent,
} from '@accounts/domain';

const at = new Date('2026-03-01T12:00:00.000Z');
const userId = 'user-1';
const record = (event: AuditRecord['event'], details: AuditRecord['details'] = {}): AuditRecord => ({
  userId,
  event,
  details,
});

describe('webhookEventOf', () => {
  it.each<[string, AuditRecord, WebhookEvent['type'], Record<string, string>]>([
    [
      'USER_DISABLE',
      record('USER_DISABLE', { email: 'a@example.com' }),
      'user.disabled',
      { email: 'a@example.com' },
    ],
    ['account_enabled', record('USER_UPDATE', { action: 'account_enabled' }), 'user.enabled', {}],
    ['USER_BAN', record('USER_BAN', { email: 'a@example.com' }), 'user.banned', { email: 'a@example.com' }],
    ['account_unbanned', record('USER_UPDATE', { action: 'account_unbanned' }), 'user.unbanned', {}],
    [
      'USER_DELETE',
      record('USER_DELETE', { email: 'a@example.com' }),
      'user.deleted',
      { email: 'a@example.com' },
    ],
    ['TWO_FACTOR_ENABLE', record('TWO_FACTOR_ENABLE'), 'two_factor.enabled', {}],
    [
      'PASSKEY_ADD',
      record('PASSKEY_ADD', { passkeyId: 'pk-1', name: 'Laptop' }),
      'passkey.added',
      { passkeyId: 'pk-1', name: 'Laptop' },
    ],
    [
      'PASSKEY_REMOVE',
      record('PASSKEY_REMOVE', { passkeyId: 'pk-1', name: 'Laptop' }),
      'passkey.removed',
      { passkeyId: 'pk-1', name: 'Laptop' },
    ],
    ['TWO_FACTOR_DISABLE', record('TWO_FACTOR_DISABLE'), 'two_factor.disabled', {}],
    [
      'TWO_FACTOR_BACKUP_CODES_REGENERATE',
      record('TWO_FACTOR_BACKUP_CODES_REGENERATE'),
      'two_factor.backup_codes_regenerated',
      {},
    ],
    [
      'customDomain set',
      record('USER_UPDATE', { field: 'customDomain', value: 'ada.example' }),
      'custom_domain.connected',
      { domain: 'ada.example' },
    ],
    [
      'customDomain removed',
      record('USER_UPDATE', { field: 'customDomain' }),
      'custom_domain.disconnected',
      {},
    ],
    [
      'customDomain released',
      record('USER_UPDATE', { field: 'customDomain', action: 'released', domain: 'ada.example' }),
      'custom_domain.released',
      { domain: 'ada.example' },
    ],
    [
      'customDomainVerified',
      record('USER_UPDATE', { field: 'customDomainVerified', value: true, domain: 'ada.example' }),
      'custom_domain.verified',
      { domain: 'ada.example' },
    ],
  ])('maps %s', (_name, audit, type, data) => {
    expect(webhookEventOf(audit, { at })).toEqual({
      type,
      timestamp: '2026-03-01T12:00:00.000Z',
      data: { userId, ...data },
    });
  });

  it('takes the verified domain from the context when the record does not carry it', () => {
    const audit = record('USER_UPDATE', { field: 'customDomainVerified', value: true });
    expect(needsCurrentDomain(audit)).toBe(true);
    expect(webhookEventOf(audit, { at, currentDomain: 'ada.example' })?.data).toEqual({
      userId,
      domain: 'ada.example',
    });
    expect(needsCurrentDomain(record('USER_UPDATE', { field: 'customDomain', value: 'x.example' }))).toBe(
      false,
    );
  });

  it('has no event for a USER_UPDATE it does not know', () => {
    expect(webhookEventOf(record('USER_UPDATE', { field: 'displayName', value: 'Ada' }), { at })).toBeNull();
  });

  it("has no event for a counter regression or an operator's export, nor passkey fields that are not strings", () => {
    expect(webhookEventOf(record('PASSKEY_COUNTER_REGRESSION', { passkeyId: 'pk-1' }), { at })).toBeNull();
    expect(webhookEventOf(record('USER_EXPORT', { actorId: 'op', reason: 'ticket' }), { at })).toBeNull();
    expect(webhookEventOf(record('PASSKEY_ADD', { passkeyId: 1 }), { at })?.data).toEqual({ userId });
  });

  it('maps a session revocation with its sid and initiator, null without one or without the facts', () => {
    const revoked = (revocation?: AuditRecord['revocation'], details: AuditRecord['details'] = {}) =>
      webhookEventOf({ ...record('SESSION_REVOKE', details), ...(revocation ? { revocation } : {}) }, { at });
    expect(revoked({ kind: 'session', sid: 'idp-1' }, { sessionId: 's-1', initiator: 'idp' })).toEqual({
      type: 'session.revoked',
      timestamp: '2026-03-01T12:00:00.000Z',
      data: { userId, sessionId: 's-1', sid: 'idp-1', initiator: 'idp' },
    });
    expect(revoked({ kind: 'session', sid: null }, { sessionId: 's-1', initiator: 'user' })?.data).toEqual({
      userId,
      sessionId: 's-1',
      sid: null,
      initiator: 'user',
    });
    expect(revoked(undefined, { sessionId: 7 })?.data).toEqual({
      userId,
      sessionId: null,
      sid: null,
      initiator: null,
    });
    expect(revoked({ kind: 'sessions', issuedBefore: 'x', sids: [] })?.data).toEqual({
      userId,
      sessionId: null,
      sid: null,
      initiator: null,
    });
  });

  it('maps a revocation of sessions with its scope, issuedBefore, sids and initiator', () => {
    const revoked = (revocation?: AuditRecord['revocation'], details: AuditRecord['details'] = {}) =>
      webhookEventOf(
        { ...record('SESSIONS_REVOKE', details), ...(revocation ? { revocation } : {}) },
        { at },
      );
    const issuedBefore = '2026-03-01T12:00:01.000Z';
    expect(
      revoked(
        { kind: 'sessions', issuedBefore, sids: ['idp-1', 'idp-2'] },
        { scope: 'all', count: 3, initiator: 'operator' },
      ),
    ).toEqual({
      type: 'sessions.revoked',
      timestamp: '2026-03-01T12:00:00.000Z',
      data: { userId, scope: 'all', issuedBefore, sids: ['idp-1', 'idp-2'], initiator: 'operator' },
    });
    expect(revoked(undefined, { scope: 1, initiator: 2 })?.data).toEqual({
      userId,
      scope: null,
      issuedBefore: null,
      sids: [],
      initiator: null,
    });
    expect(revoked({ kind: 'session', sid: 'idp-1' }, { scope: 'others', initiator: 'user' })?.data).toEqual({
      userId,
      scope: 'others',
      issuedBefore: null,
      sids: [],
      initiator: 'user',
    });
  });

  it('copies only the listed fields, never anything else the details hold', () => {
    const audit = record('USER_DISABLE', {
      email: 'a@example.com',
      password: 'p',
      code: '123456',
      token: 't',
    });
    expect(webhookEventOf(audit, { at })?.data).toEqual({ userId, email: 'a@example.com' });
  });
});

describe('webhookBody', () => {
  it('is compact JSON in a fixed key order, whatever order the event came in', () => {
    const event = {
      data: { email: 'a@example.com', userId },
      timestamp: '2026-03-01T12:00:00.000Z',
      type: 'user.disabled',
    } as const;
    expect(webhookBody(event)).toBe(
      '{"type":"user.disabled","timestamp":"2026-03-01T12:00:00.000Z","data":{"userId":"user-1","email":"a@example.com"}}',
    );
  });
});
