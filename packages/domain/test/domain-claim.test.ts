import { describe, expect, it } from 'vitest';
import { releasedDomainDetails, yieldsTo, type DomainClaim } from '@accounts/domain';

describe('yieldsTo: a claim gives way to another user only when its verification failed', () => {
  it.each<[string, DomainClaim | null, boolean]>([
    ['no claim', null, false],
    ['failed, another user', { userId: 'squatter', domain: 'shop.example.com', status: 'failed' }, true],
    ['pending, another user', { userId: 'squatter', domain: 'shop.example.com', status: 'pending' }, false],
    ['verified, another user', { userId: 'squatter', domain: 'shop.example.com', status: 'verified' }, false],
    [
      'no verification stored, another user',
      { userId: 'squatter', domain: 'shop.example.com', status: null },
      false,
    ],
    ['failed, the claimant itself', { userId: 'owner', domain: 'shop.example.com', status: 'failed' }, false],
  ])('%s: %s', (_name, claim, expected) => {
    expect(yieldsTo(claim, 'owner')).toBe(expected);
  });
});

describe('releasedDomainDetails', () => {
  it('names the field, the action and the domain', () => {
    expect(releasedDomainDetails('shop.example.com')).toEqual({
      field: 'customDomain',
      action: 'released',
      domain: 'shop.example.com',
    });
  });
});
