import { describe, expect, it } from 'vitest';
import {
  hasFlags,
  operatorStateChange,
  type AccountFlags,
  type OperatorStateError,
  type OperatorStateOperation,
} from '@accounts/domain';

const ACTIVE: AccountFlags = { disabled: false, banned: false };
const DISABLED: AccountFlags = { disabled: true, banned: false };
const BANNED: AccountFlags = { disabled: false, banned: true };
const BOTH: AccountFlags = { disabled: true, banned: true };

type Outcome = AccountFlags | OperatorStateError['type'];

// Columns: active, disabled, banned, disabled and banned; a cell is the flags after the change.
const TABLE: [OperatorStateOperation, Outcome, Outcome, Outcome, Outcome][] = [
  ['disable-account', DISABLED, 'AccountAlreadyDisabled', BOTH, 'AccountAlreadyDisabled'],
  ['ban-account', BANNED, BOTH, 'AccountAlreadyBanned', 'AccountAlreadyBanned'],
  ['enable-account', 'AccountNotDisabled', ACTIVE, 'AccountNotDisabled', BANNED],
  ['unban-account', 'AccountNotBanned', 'AccountNotBanned', ACTIVE, DISABLED],
];

describe('operatorStateChange', () => {
  const cases = TABLE.flatMap(([operation, ...outcomes]) =>
    [ACTIVE, DISABLED, BANNED, BOTH].map((flags, i) => [operation, flags, outcomes[i]!] as const),
  );

  it.each(cases)('%s on %o gives %o, with no caller gate', (operation, flags, expected) => {
    const change = operatorStateChange(flags, operation);
    if (typeof expected === 'string') {
      expect(change).toEqual({ ok: false, error: { type: expected } });
      return;
    }
    expect(change.ok).toBe(true);
    if (!change.ok) return;
    // The compare-and-set holds on the flags it was computed from, and sets exactly the outcome.
    expect(hasFlags(flags, change.value.from)).toBe(true);
    expect({ ...flags, ...change.value.to }).toEqual(expected);
  });
});
