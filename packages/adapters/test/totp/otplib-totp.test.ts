import { describe, expect, it } from 'vitest';
import { OtplibTotp } from '@accounts/adapters';
import { acceptableSteps, timeStepAt } from '@accounts/domain';

/** RFC 6238 Appendix B: the SHA1 seed is ASCII "12345678901234567890". */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (unixSeconds: number) => new Date(unixSeconds * 1000);
const totp = new OtplibTotp({ issuer: 'Acme Accounts' });

describe('OtplibTotp.verify', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('accepts the RFC 6238 SHA1 vector at t=%i (%s) and reports its step', async (seconds, code) => {
    const step = await totp.verify({ secret: RFC_SECRET, code, at: at(seconds) });
    expect(step).toBe(Math.floor(seconds / 30));
    expect(step).toBe(timeStepAt(at(seconds)));
  });

  it.each([
    ['287082', 1],
    ['755224', 0],
    ['359152', 2],
  ])('at t=59 (step 1) accepts %s with step %i: one step either side', async (code, step) => {
    await expect(totp.verify({ secret: RFC_SECRET, code, at: at(59) })).resolves.toBe(step);
    expect(acceptableSteps(at(59))).toContain(step);
  });

  it('refuses a code two steps away', async () => {
    await expect(totp.verify({ secret: RFC_SECRET, code: '969429', at: at(59) })).resolves.toBeNull();
  });

  it('bounds the window by time steps, not by seconds from `at`', async () => {
    // 29.999 s into step 1 is still step 1: step 3's code stays out, step 2's stays in.
    await expect(
      totp.verify({ secret: RFC_SECRET, code: '969429', at: new Date(59_999) }),
    ).resolves.toBeNull();
    await expect(totp.verify({ secret: RFC_SECRET, code: '359152', at: new Date(30_000) })).resolves.toBe(2);
  });

  it.each(['', '28708', '2870822', '28708a', ' 287082', '287 082', '２８７０８２'])(
    'gives null for a code not of six digits: %j',
    async (code) => {
      await expect(totp.verify({ secret: RFC_SECRET, code, at: at(59) })).resolves.toBeNull();
    },
  );

  it('accepts a code made for a fresh secret and refuses it under another secret', async () => {
    const secret = totp.generateSecret();
    const now = new Date();
    const { generate } = await import('otplib');
    const code = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    await expect(totp.verify({ secret, code, at: now })).resolves.toBe(timeStepAt(now));
    await expect(totp.verify({ secret: totp.generateSecret(), code, at: now })).resolves.toBeNull();
  });
});

describe('OtplibTotp.generateSecret', () => {
  it('gives 32 base32 characters, different every time', () => {
    const secrets = Array.from({ length: 50 }, () => totp.generateSecret());
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});

describe('OtplibTotp.keyUri', () => {
  it('builds an otpauth://totp URL with the issuer, the email as label and the fixed parameters', () => {
    const uri = totp.keyUri({ secret: RFC_SECRET, accountName: 'jane+2fa@example.com' });
    expect(uri).toBe(
      'otpauth://totp/Acme%20Accounts:jane%2B2fa%40example.com' +
        `?secret=${RFC_SECRET}&issuer=Acme%20Accounts&algorithm=SHA1&digits=6&period=30`,
    );
    const url = new URL(uri);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Acme Accounts:jane+2fa@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'Acme Accounts',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
