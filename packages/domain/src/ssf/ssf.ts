/**
 * The OpenID Shared Signals Framework 1.0 transmitter's rules that need no I/O (decisions.md,
 * "Security events for receivers"): the event types, which a stream delivers, the receivers'
 * scopes, who the receiver of a token is.
 */

export const CAEP_SESSION_REVOKED = 'https://schemas.openid.net/secevent/caep/event-type/session-revoked';
export const CAEP_CREDENTIAL_CHANGE = 'https://schemas.openid.net/secevent/caep/event-type/credential-change';
export const RISC_ACCOUNT_DISABLED = 'https://schemas.openid.net/secevent/risc/event-type/account-disabled';
export const RISC_ACCOUNT_ENABLED = 'https://schemas.openid.net/secevent/risc/event-type/account-enabled';
export const RISC_ACCOUNT_PURGED = 'https://schemas.openid.net/secevent/risc/event-type/account-purged';
export const SSF_VERIFICATION = 'https://schemas.openid.net/secevent/ssf/event-type/verification';
export const SSF_STREAM_UPDATED = 'https://schemas.openid.net/secevent/ssf/event-type/stream-updated';

/** The events of audited changes a stream may ask for (SSF 1.0 `events_supported`). */
export const SSF_EVENTS_SUPPORTED: readonly string[] = [
  CAEP_SESSION_REVOKED,
  CAEP_CREDENTIAL_CHANGE,
  RISC_ACCOUNT_DISABLED,
  RISC_ACCOUNT_ENABLED,
  RISC_ACCOUNT_PURGED,
];

export const SSF_PUSH = 'urn:ietf:rfc:8935';
export const SSF_POLL = 'urn:ietf:rfc:8936';

export type SsfStreamStatus = 'enabled' | 'paused' | 'disabled';

/** Least time between two verification requests of a stream (SSF 1.0 `min_verification_interval`, s). */
export const SSF_MIN_VERIFICATION_INTERVAL_S = 30;

/**
 * `events_delivered`: `events_requested` ∩ `events_supported`, in the supported order (every
 * supported event when none were requested; unknown URIs ignored).
 */
export function ssfEventsDelivered(requested: readonly string[] | null): string[] {
  if (requested === null) return [...SSF_EVENTS_SUPPORTED];
  const asked = new Set(requested);
  return SSF_EVENTS_SUPPORTED.filter((event) => asked.has(event));
}

export type SsfAccess = 'ssf.read' | 'ssf.manage';

/**
 * Whether a token's `scope` (a space-separated string) grants `access`: `ssf.manage` grants both,
 * `ssf.read` reads only; a suffixed scope (`ssf.manage.poll`) counts as its prefix.
 */
export function grantsSsfAccess(scope: unknown, access: SsfAccess): boolean {
  if (typeof scope !== 'string') return false;
  const granted = (name: SsfAccess) =>
    scope.split(' ').some((item) => item === name || item.startsWith(`${name}.`));
  return granted('ssf.manage') || (access === 'ssf.read' && granted('ssf.read'));
}

/** The receiver a token speaks for: its `client_id`, else `azp`, else `sub` (null: none). */
export function ssfReceiverOf(claims: Readonly<Record<string, unknown>>): string | null {
  for (const name of ['client_id', 'azp', 'sub']) {
    const value = claims[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** Whether a verification asked at `now` comes too soon after the last one. */
export function ssfVerificationTooSoon(last: Date | null, now: Date): boolean {
  return last !== null && now.getTime() - last.getTime() < SSF_MIN_VERIFICATION_INTERVAL_S * 1000;
}
