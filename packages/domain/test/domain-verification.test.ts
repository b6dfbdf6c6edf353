import { describe, expect, it } from 'vitest';
import {
  adoptVerification,
  connectVerification,
  DEFAULT_DOMAIN_VERIFICATION_POLICY,
  domainVerificationView,
  expiryCutoff,
  recheckCutoff,
  verificationAfterLookup,
  verificationRecordName,
  verificationRecordValue,
  verificationTokenFromIndexes,
  VERIFICATION_TOKEN,
  type DomainVerification,
} from '@accounts/domain';

const T0 = new Date('2026-01-01T00:00:00Z');
const policy = { recheckMs: 60_000, ttlMs: 3_600_000 };
const TOKEN = 'abcdefghijklmnopqrstuvwx';
const at = (ms: number) => new Date(T0.getTime() + ms);

function verification(overrides: Partial<DomainVerification> = {}): DomainVerification {
  return {
    domain: 'files.example.com',
    token: TOKEN,
    status: 'pending',
    connectedAt: T0,
    checkedAt: null,
    verifiedAt: null,
    ...overrides,
  };
}

describe('the verification record', () => {
  it('is a TXT record at _accounts-challenge.<domain> holding accounts-verification=<token>', () => {
    expect(verificationRecordName('Files.Example.com')).toBe('_accounts-challenge.Files.Example.com');
    expect(verificationRecordValue(TOKEN)).toBe(`accounts-verification=${TOKEN}`);
    expect(domainVerificationView(verification())).toEqual({
      domain: 'files.example.com',
      status: 'pending',
      recordType: 'TXT',
      recordName: '_accounts-challenge.files.example.com',
      recordValue: `accounts-verification=${TOKEN}`,
      checkedAt: null,
      verifiedAt: null,
    });
  });

  it('has a token of 24 characters of [a-z0-9] from the positions it is given', () => {
    const all = Array.from({ length: 24 }, (_, i) => (i * 5) % VERIFICATION_TOKEN.alphabet.length);
    expect(verificationTokenFromIndexes(all)).toMatch(/^[a-z0-9]{24}$/);
    expect(verificationTokenFromIndexes(Array.from({ length: 24 }, () => 35))).toBe('9'.repeat(24));
    expect(() => verificationTokenFromIndexes([1, 2])).toThrow(RangeError);
    expect(() => verificationTokenFromIndexes(Array.from({ length: 24 }, () => 36))).toThrow(RangeError);
  });
});

describe('connectVerification', () => {
  const later = at(5_000);

  it.each<[string, DomainVerification | null, string, string]>([
    ['a first domain gets the fresh token', null, 'files.example.com', 'fresh'],
    ['the same domain keeps its token', verification(), 'files.example.com', TOKEN],
    ['the same domain in another case keeps its token', verification(), 'FILES.Example.com', TOKEN],
    ['another domain gets the fresh token', verification(), 'other.example.com', 'fresh'],
    [
      'a verified domain connected again keeps its token',
      verification({ status: 'verified', verifiedAt: T0 }),
      'files.example.com',
      TOKEN,
    ],
  ])('%s, and starts over as pending', (_name, previous, domain, token) => {
    expect(connectVerification(previous, domain, 'fresh', later)).toEqual({
      domain,
      token,
      status: 'pending',
      connectedAt: later,
      checkedAt: null,
      verifiedAt: null,
    });
  });
});

describe('adoptVerification', () => {
  it.each([
    [false, 'pending', null],
    [true, 'verified', T0],
  ] as const)('a domain flagged verified=%s starts %s', (flag, status, verifiedAt) => {
    expect(adoptVerification('a.example', flag, 'fresh', T0)).toEqual({
      domain: 'a.example',
      token: 'fresh',
      status,
      connectedAt: T0,
      checkedAt: null,
      verifiedAt,
    });
  });
});

describe('verificationAfterLookup', () => {
  const value = `accounts-verification=${TOKEN}`;
  type Row = [string, DomainVerification, string[], number, Partial<DomainVerification>];
  const rows: Row[] = [
    [
      'the value found verifies',
      verification(),
      [value],
      1_000,
      { status: 'verified', checkedAt: at(1_000), verifiedAt: at(1_000) },
    ],
    [
      'the value among other strings verifies',
      verification(),
      ['v=spf1 -all', value],
      1_000,
      { status: 'verified', checkedAt: at(1_000), verifiedAt: at(1_000) },
    ],
    ['nothing found stays pending', verification(), [], 1_000, { status: 'pending', checkedAt: at(1_000) }],
    [
      'another token stays pending',
      verification(),
      ['accounts-verification=zzzzzzzzzzzzzzzzzzzzzzzz'],
      1_000,
      { status: 'pending', checkedAt: at(1_000) },
    ],
    [
      'the value with extra text stays pending',
      verification(),
      [`${value} `],
      1_000,
      { status: 'pending', checkedAt: at(1_000) },
    ],
    [
      'the token alone stays pending',
      verification(),
      [TOKEN],
      1_000,
      { status: 'pending', checkedAt: at(1_000) },
    ],
    [
      'nothing found at the TTL fails',
      verification(),
      [],
      policy.ttlMs,
      { status: 'failed', checkedAt: at(policy.ttlMs) },
    ],
    [
      'nothing found just before the TTL stays pending',
      verification(),
      [],
      policy.ttlMs - 1,
      { status: 'pending', checkedAt: at(policy.ttlMs - 1) },
    ],
    [
      'a failed domain found verifies',
      verification({ status: 'failed' }),
      [value],
      policy.ttlMs * 2,
      { status: 'verified', checkedAt: at(policy.ttlMs * 2), verifiedAt: at(policy.ttlMs * 2) },
    ],
    [
      'a failed domain not found stays failed',
      verification({ status: 'failed' }),
      [],
      policy.ttlMs * 2,
      { status: 'failed', checkedAt: at(policy.ttlMs * 2) },
    ],
    [
      'a verified domain stays as it is',
      verification({ status: 'verified', verifiedAt: T0, checkedAt: T0 }),
      [],
      1_000,
      {},
    ],
  ];

  it.each(rows)('%s', (_name, before, strings, afterMs, changes) => {
    expect(verificationAfterLookup(before, strings, at(afterMs), policy)).toEqual({ ...before, ...changes });
  });
});

describe('the worker cutoffs', () => {
  it('expires what was connected a TTL ago and rechecks what was checked an interval ago', () => {
    const now = at(policy.ttlMs + 10);
    expect(expiryCutoff(now, policy)).toEqual(at(10));
    expect(recheckCutoff(now, policy)).toEqual(at(policy.ttlMs + 10 - policy.recheckMs));
  });

  it('defaults to a 5-minute recheck for 7 days', () => {
    expect(DEFAULT_DOMAIN_VERIFICATION_POLICY).toEqual({ recheckMs: 300_000, ttlMs: 604_800_000 });
  });
});
