import { describe, expect, it } from 'vitest';
import {
  twoFactorRequestKind,
  type TwoFactorBody,
  type TwoFactorRequestKind,
} from '../src/schemas/two-factor.schemas.js';

describe('twoFactorRequestKind', () => {
  it.each<[string, TwoFactorBody, TwoFactorRequestKind]>([
    [
      'enable with secret and code is a confirm',
      { enable: true, secret: 'S', verificationCode: '123456' },
      'confirm',
    ],
    ['enable alone is a set-up', { enable: true }, 'set-up'],
    ['enable with only a secret is a set-up', { enable: true, secret: 'S' }, 'set-up'],
    ['enable with only a code is a set-up', { enable: true, verificationCode: '123456' }, 'set-up'],
    [
      'enable with an empty secret is a set-up',
      { enable: true, secret: '', verificationCode: '123456' },
      'set-up',
    ],
    ['enable with an empty code is a set-up', { enable: true, secret: 'S', verificationCode: '' }, 'set-up'],
    ['enable with both empty is a set-up', { enable: true, secret: '', verificationCode: '' }, 'set-up'],
    [
      'enable with explicit undefined values is a set-up',
      { enable: true, secret: undefined, verificationCode: undefined },
      'set-up',
    ],
    ['disable alone is a disable', { enable: false }, 'disable'],
    ['disable with a code is a disable', { enable: false, verificationCode: '123456' }, 'disable'],
    ['disable with an empty code is a disable', { enable: false, verificationCode: '' }, 'disable'],
    [
      'disable with a secret and a code is still a disable',
      { enable: false, secret: 'S', verificationCode: '123456' },
      'disable',
    ],
  ])('%s', (_name, request, kind) => {
    expect(twoFactorRequestKind(request)).toBe(kind);
  });
});
