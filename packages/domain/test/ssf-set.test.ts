import { describe, expect, it } from 'vitest';
import {
  CAEP_CREDENTIAL_CHANGE,
  CAEP_SESSION_REVOKED,
  RISC_ACCOUNT_DISABLED,
  RISC_ACCOUNT_ENABLED,
  RISC_ACCOUNT_PURGED,
  SSF_STREAM_UPDATED,
  SSF_VERIFICATION,
  ssfEventOf,
  ssfSetClaims,
  ssfStreamUpdatedEvent,
  ssfVerificationEvent,
  type AuditRecord,
} from '../src/index.js';

const IDP = 'https://idp.example';
const AT = new Date('2026-03-01T12:00:00.750Z');
const TS = Math.floor(AT.getTime() / 1000);
const user = { format: 'iss_sub', iss: IDP, sub: 'u1' };
const operator = { actorId: 'support-1', reason: 'Reported stolen laptop' };
const record = (
  event: AuditRecord['event'],
  details: AuditRecord['details'] = {},
  extra: Partial<AuditRecord> = {},
) => ({ userId: 'u1', event, details, ...extra }) satisfies AuditRecord;

const credential = (
  credential_type: string,
  change_type: string,
  en: string,
  initiating_entity = 'user',
) => ({
  type: CAEP_CREDENTIAL_CHANGE,
  subject: user,
  event: { event_timestamp: TS, initiating_entity, reason_admin: { en }, credential_type, change_type },
});
const sessionRevoked = (initiating_entity: string, en: string, subject: object = user) => ({
  type: CAEP_SESSION_REVOKED,
  subject,
  event: { event_timestamp: TS, initiating_entity, reason_admin: { en } },
});
const risc = (type: string) => ({ type, subject: user, event: { event_timestamp: TS } });

describe('the SSF event of an audited change (the contract table)', () => {
  it.each([
    [
      'one session revoked by the user, with its sid',
      record('SESSION_REVOKE', { sessionId: 's1' }, { revocation: { kind: 'session', sid: 'sid-1' } }),
      sessionRevoked('user', 'Signed out by the user', {
        format: 'complex',
        user,
        session: { format: 'opaque', id: 'sid-1' },
      }),
    ],
    [
      'one session without a sid',
      record('SESSION_REVOKE', {}, { revocation: { kind: 'session', sid: null } }),
      sessionRevoked('user', 'Signed out by the user'),
    ],
    [
      'every session, by the user',
      record(
        'SESSIONS_REVOKE',
        { scope: 'all' },
        { revocation: { kind: 'sessions', issuedBefore: 'x', sids: ['a'] } },
      ),
      sessionRevoked('user', 'Signed out by the user'),
    ],
    [
      'every session, by an operator',
      record('SESSIONS_REVOKE', operator),
      sessionRevoked('admin', operator.reason),
    ],
    [
      'every session, at the identity provider',
      record('SESSIONS_REVOKE', { initiator: 'idp' }),
      sessionRevoked('policy', 'Signed out at the identity provider'),
    ],
    ['2FA on', record('TWO_FACTOR_ENABLE'), credential('app', 'create', 'Authenticator app turned on')],
    ['2FA off', record('TWO_FACTOR_DISABLE'), credential('app', 'delete', 'Authenticator app turned off')],
    [
      "an operator's 2FA reset",
      record('TWO_FACTOR_DISABLE', operator),
      credential('app', 'delete', operator.reason, 'admin'),
    ],
    [
      'backup codes regenerated',
      record('TWO_FACTOR_BACKUP_CODES_REGENERATE'),
      credential('app', 'update', 'Backup codes replaced'),
    ],
    [
      'a passkey added',
      record('PASSKEY_ADD', { passkeyId: 'p', name: 'n' }),
      credential('fido2-roaming', 'create', 'Passkey added'),
    ],
    [
      'a passkey removed',
      record('PASSKEY_REMOVE', { passkeyId: 'p' }),
      credential('fido2-roaming', 'delete', 'Passkey removed'),
    ],
    ['disabled', record('USER_DISABLE'), risc(RISC_ACCOUNT_DISABLED)],
    ['banned by an operator', record('USER_BAN', operator), risc(RISC_ACCOUNT_DISABLED)],
    ['enabled', record('USER_UPDATE', { action: 'account_enabled' }), risc(RISC_ACCOUNT_ENABLED)],
    ['unbanned', record('USER_UPDATE', { action: 'account_unbanned' }), risc(RISC_ACCOUNT_ENABLED)],
    ['deleted', record('USER_DELETE', { email: 'ann@example.com' }), risc(RISC_ACCOUNT_PURGED)],
  ])('%s', (_name, change, expected) => {
    expect(ssfEventOf(change, { providerIssuer: IDP, at: AT })).toEqual(expected);
  });

  it.each([
    ['user', {}, 'user', 'Signed out by the user'],
    ['operator', { reason: operator.reason }, 'admin', operator.reason],
    ['idp', {}, 'policy', 'Signed out at the identity provider'],
  ])(
    "maps the revocation's initiator %s to CAEP's initiating_entity",
    (initiator, details, entity, reason) => {
      for (const event of ['SESSION_REVOKE', 'SESSIONS_REVOKE'] as const) {
        const change = ssfEventOf(record(event, { initiator, ...details }), { providerIssuer: IDP, at: AT });
        expect(change?.event).toMatchObject({ initiating_entity: entity, reason_admin: { en: reason } });
      }
    },
  );

  it('falls back without an initiator it knows: an actorId is an operator, else the user', () => {
    const entity = (details: AuditRecord['details']) =>
      ssfEventOf(record('SESSIONS_REVOKE', details), { providerIssuer: IDP, at: AT })?.event
        .initiating_entity;
    expect(entity(operator)).toBe('admin');
    expect(entity({ ...operator, initiator: 'someone' })).toBe('admin');
    expect(entity({})).toBe('user');
    expect(entity({ initiator: 'toString' })).toBe('user');
  });

  it('names a passkey fido2-platform when its transports include internal', () => {
    const change = ssfEventOf(record('PASSKEY_ADD'), {
      providerIssuer: IDP,
      at: AT,
      passkeyTransports: ['internal', 'hybrid'],
    });
    expect(change?.event.credential_type).toBe('fido2-platform');
    const roaming = ssfEventOf(record('PASSKEY_ADD'), {
      providerIssuer: IDP,
      at: AT,
      passkeyTransports: ['usb', 'nfc'],
    });
    expect(roaming?.event.credential_type).toBe('fido2-roaming');
  });

  it.each([
    record('USER_UPDATE', { field: 'customDomain', value: 'files.example.com' }),
    record('PASSKEY_COUNTER_REGRESSION'),
    record('USER_EXPORT', operator),
  ])('sends nothing for %j', (change) => {
    expect(ssfEventOf(change, { providerIssuer: IDP, at: AT })).toBeNull();
  });

  it('never carries an email, a passkey id or any other detail', () => {
    const change = ssfEventOf(record('USER_DELETE', { email: 'ann@example.com', passkeyId: 'p' }), {
      providerIssuer: IDP,
      at: AT,
    });
    expect(JSON.stringify(change)).not.toMatch(/ann@example|"p"/);
  });
});

describe('the claims of a SET', () => {
  it('has iss, aud, iat, jti, txn, sub_id at the top level and one event; no sub, no exp', () => {
    const change = ssfEventOf(record('USER_DISABLE'), { providerIssuer: IDP, at: AT })!;
    const claims = ssfSetClaims({
      issuer: 'https://tx.example',
      audience: 'rx-1',
      jti: 'o-1',
      issuedAt: AT,
      txn: '42',
      change,
    });
    expect(claims).toEqual({
      iss: 'https://tx.example',
      aud: 'rx-1',
      iat: TS,
      jti: 'o-1',
      txn: '42',
      sub_id: user,
      events: { [RISC_ACCOUNT_DISABLED]: { event_timestamp: TS } },
    });
  });

  it('gives verification and stream-updated SETs the stream as an opaque subject and no txn', () => {
    const verification = ssfSetClaims({
      issuer: 'https://tx.example',
      audience: 'rx-1',
      jti: 'v-1',
      issuedAt: AT,
      txn: null,
      change: ssfVerificationEvent('stream-1', 'abc'),
    });
    expect(verification).toEqual({
      iss: 'https://tx.example',
      aud: 'rx-1',
      iat: TS,
      jti: 'v-1',
      sub_id: { format: 'opaque', id: 'stream-1' },
      events: { [SSF_VERIFICATION]: { state: 'abc' } },
    });
    expect(ssfVerificationEvent('stream-1', null).event).toEqual({});
    expect(ssfStreamUpdatedEvent('stream-1', 'paused', 'maintenance')).toEqual({
      type: SSF_STREAM_UPDATED,
      subject: { format: 'opaque', id: 'stream-1' },
      event: { status: 'paused', reason: 'maintenance' },
    });
  });
});
