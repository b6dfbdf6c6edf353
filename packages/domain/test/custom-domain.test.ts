import { describe, expect, it } from 'vitest';
import {
  CUSTOM_DOMAIN_LENGTH,
  customDomainOf,
  customDomainView,
  DROP_SERVICE,
  domainUniquenessKey,
  ENTERPRISE_TIER,
  isEnterprise,
  parseCustomDomain,
  connectedDomainKeys,
  CUSTOM_DOMAIN_KEYS,
  withMetadataKeys,
  withoutMetadataKeys,
  type CustomDomainView,
  type Entitlement,
  type Metadata,
} from '@accounts/domain';

const label63 = `a${'b'.repeat(61)}c`;
const label64 = `a${'b'.repeat(62)}c`;

const entitlement = (overrides: Partial<Entitlement> = {}): Entitlement => ({
  userId: 'user-1',
  service: 'DROP',
  tier: 'enterprise',
  billingSubscriptionId: null,
  billingCustomerId: null,
  metadata: null,
  ...overrides,
});

describe('parseCustomDomain', () => {
  it('limits the raw value to 1..255 characters', () => {
    expect(CUSTOM_DOMAIN_LENGTH).toEqual({ min: 1, max: 255 });
  });

  it('counts the lengths used below right', () => {
    expect(`${label63}.${label63}.${label63}.${label63}`).toHaveLength(255);
    expect(`${label63}.${label63}.${label63}.${'d'.repeat(61)}.ee`).toHaveLength(256);
  });

  it.each<[string, string, string]>([
    ['a plain domain', 'example.com', 'example.com'],
    ['two-character labels with digits', 'a1.b2', 'a1.b2'],
    ['hyphens inside labels', 'my-site.example.co', 'my-site.example.co'],
    ['upper case kept as given', 'Example.COM', 'Example.COM'],
    ['a 63-character label', `${label63}.com`, `${label63}.com`],
    ['a single label', 'localhost', 'localhost'],
    ['digits only', '12.34', '12.34'],
    ['surrounding spaces, trimmed', '  example.com  ', 'example.com'],
    ['surrounding tabs and newlines, trimmed', '\texample.com\n', 'example.com'],
    ['many labels', 'a1.b2.c3.d4.e5', 'a1.b2.c3.d4.e5'],
    [
      'exactly 255 characters',
      `${label63}.${label63}.${label63}.${label63}`,
      `${label63}.${label63}.${label63}.${label63}`,
    ],
  ])('accepts %s', (_name, raw, stored) => {
    expect(parseCustomDomain(raw)).toEqual({ ok: true, value: stored });
  });

  it.each<[string, string]>([
    ['a single-character label', 'a.com'],
    ['a single-character last label', 'example.c'],
    ['a label starting with a hyphen', '-example.com'],
    ['a label ending with a hyphen', 'example-.com'],
    ['a hyphen-only label', 'example.--'],
    ['an underscore', 'my_site.com'],
    ['an empty value', ''],
    ['only spaces', '   '],
    ['a double dot', 'example..com'],
    ['a trailing dot', 'example.com.'],
    ['a leading dot', '.example.com'],
    ['a 64-character label', `${label64}.com`],
    ['a raw value of 256 characters', `${label63}.${label63}.${label63}.${'d'.repeat(61)}.ee`],
    ['a raw value over 255 characters that trims to a valid one', `${' '.repeat(250)}example.com`],
    ['unicode letters', 'exämple.com'],
    ['a punycode-free IDN', '例え.jp'],
    ['a space inside', 'exa mple.com'],
    ['a scheme', 'https://example.com'],
    ['a path', 'example.com/path'],
    ['a port', 'example.com:443'],
    ['a wildcard', '*.example.com'],
  ])('refuses %s', (_name, raw) => {
    expect(parseCustomDomain(raw)).toEqual({ ok: false, error: { type: 'InvalidDomainFormat' } });
  });
});

describe('domainUniquenessKey', () => {
  it.each<[string, string]>([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['MY-SITE.Example.Co', 'my-site.example.co'],
  ])('%s is keyed as %s', (domain, key) => {
    expect(domainUniquenessKey(domain)).toBe(key);
  });

  it('makes case variants one domain', () => {
    expect(domainUniquenessKey('EXAMPLE.com')).toBe(domainUniquenessKey('example.COM'));
  });
});

describe('withMetadataKeys with the keys of a connected domain', () => {
  it.each<[string, unknown, Metadata]>([
    ['null metadata', null, { customDomain: 'example.com', customDomainVerified: false }],
    ['empty metadata', {}, { customDomain: 'example.com', customDomainVerified: false }],
    [
      'other keys, which are kept',
      { plan: 'x', limits: { sites: 3 } },
      { plan: 'x', limits: { sites: 3 }, customDomain: 'example.com', customDomainVerified: false },
    ],
    [
      'a verified domain, replaced and unverified',
      { customDomain: 'old.example', customDomainVerified: true, plan: 'x' },
      { customDomain: 'example.com', customDomainVerified: false, plan: 'x' },
    ],
    [
      'a JSON string, which counts as an empty object',
      'abc',
      { customDomain: 'example.com', customDomainVerified: false },
    ],
    [
      'a JSON array, which counts as an empty object',
      ['a'],
      { customDomain: 'example.com', customDomainVerified: false },
    ],
    [
      'a JSON number, which counts as an empty object',
      7,
      { customDomain: 'example.com', customDomainVerified: false },
    ],
  ])('over %s', (_name, metadata, expected) => {
    expect(withMetadataKeys(metadata, connectedDomainKeys('example.com'))).toEqual(expected);
  });

  it('does not change the metadata it was given', () => {
    const metadata = { customDomain: 'old.example', customDomainVerified: true };
    withMetadataKeys(metadata, connectedDomainKeys('example.com'));
    expect(metadata).toEqual({ customDomain: 'old.example', customDomainVerified: true });
  });
});

describe('withoutMetadataKeys with the custom-domain keys', () => {
  it.each<[string, unknown, Metadata | null]>([
    ['null stays null', null, null],
    ['both keys removed', { customDomain: 'example.com', customDomainVerified: true }, {}],
    [
      'other keys kept',
      { customDomain: 'example.com', customDomainVerified: false, plan: 'x', n: 1 },
      { plan: 'x', n: 1 },
    ],
    ['a lone verified flag removed', { customDomainVerified: true, plan: 'x' }, { plan: 'x' }],
    ['no domain keys: unchanged', { plan: 'x' }, { plan: 'x' }],
    ['a JSON string counts as an empty object', 'abc', {}],
  ])('%s', (_name, metadata, expected) => {
    expect(withoutMetadataKeys(metadata, CUSTOM_DOMAIN_KEYS)).toEqual(expected);
  });
});

describe('customDomainOf', () => {
  it.each<[string, Entitlement | null, string | null]>([
    ['no entitlement', null, null],
    ['no metadata', entitlement(), null],
    ['a domain', entitlement({ metadata: { customDomain: 'example.com' } }), 'example.com'],
    ['a non-string domain', entitlement({ metadata: { customDomain: 42 } }), null],
  ])('%s', (_name, e, expected) => {
    expect(customDomainOf(e)).toBe(expected);
  });
});

describe('customDomainView', () => {
  it.each<[string, Entitlement | null, CustomDomainView]>([
    ['no entitlement', null, { customDomain: null, customDomainVerified: false, hasCustomDomain: false }],
    [
      'null metadata',
      entitlement(),
      { customDomain: null, customDomainVerified: false, hasCustomDomain: false },
    ],
    [
      'metadata without a domain',
      entitlement({ metadata: { plan: 'x' } }),
      { customDomain: null, customDomainVerified: false, hasCustomDomain: false },
    ],
    [
      'a verified flag without a domain',
      entitlement({ metadata: { customDomainVerified: true } }),
      { customDomain: null, customDomainVerified: false, hasCustomDomain: false },
    ],
    [
      'an unverified domain',
      entitlement({ metadata: { customDomain: 'example.com', customDomainVerified: false } }),
      { customDomain: 'example.com', customDomainVerified: false, hasCustomDomain: true },
    ],
    [
      'a domain without the flag',
      entitlement({ metadata: { customDomain: 'example.com' } }),
      { customDomain: 'example.com', customDomainVerified: false, hasCustomDomain: true },
    ],
    [
      'a verified domain',
      entitlement({ metadata: { customDomain: 'example.com', customDomainVerified: true } }),
      { customDomain: 'example.com', customDomainVerified: true, hasCustomDomain: true },
    ],
    [
      'a truthy but non-boolean flag',
      entitlement({ metadata: { customDomain: 'example.com', customDomainVerified: 'yes' } }),
      { customDomain: 'example.com', customDomainVerified: false, hasCustomDomain: true },
    ],
  ])('%s', (_name, e, expected) => {
    expect(customDomainView(e?.metadata ?? null)).toEqual(expected);
  });
});

describe('isEnterprise', () => {
  it('names the DROP service and the enterprise tier', () => {
    expect([DROP_SERVICE, ENTERPRISE_TIER]).toEqual(['DROP', 'enterprise']);
  });

  it.each<[string, Entitlement | null, boolean]>([
    ['DROP enterprise', entitlement(), true],
    ['no entitlement', null, false],
    ['DROP pro', entitlement({ tier: 'pro' }), false],
    ['DROP free', entitlement({ tier: 'free' }), false],
    ['DROP Enterprise (capitalised)', entitlement({ tier: 'Enterprise' }), false],
    ['DROP ENTERPRISE', entitlement({ tier: 'ENTERPRISE' }), false],
    ['DROP " enterprise"', entitlement({ tier: ' enterprise' }), false],
    ['another service at enterprise', entitlement({ service: 'OTHER' }), false],
    ['lower-case drop at enterprise', entitlement({ service: 'drop' }), false],
  ])('%s: %s', (_name, e, expected) => {
    expect(isEnterprise(e)).toBe(expected);
  });
});
