// The factory: one call, then a custom domain, 2FA with a real authenticator code, and a disable.
import { createAccounts } from '@accounts/adapters';
import { generate } from 'otplib';
import { check } from './check.js';

const PASSWORD = 'correct horse battery staple';

const accounts = await createAccounts({
  databaseUrl: process.env.DATABASE_URL ?? 'pglite://memory',
  totp: { issuer: 'Consumer Check' },
});
try {
  const created = await accounts.createUser({
    email: 'factory@example.com',
    password: PASSWORD,
    entitlement: { service: 'DROP', tier: 'enterprise' },
  });
  if (!created.ok) throw new Error(`user not created: ${created.error.type}`);
  const userId = created.value.id;
  const { useCases } = accounts;

  const connected = await useCases.connectCustomDomain.execute({ userId, domain: 'files.example.com' });
  check('custom domain connected', connected.ok && connected.value.domain === 'files.example.com');

  const setUp = await useCases.setUpTwoFactor.execute({ userId });
  if (!setUp.ok) throw new Error(`2FA set-up refused: ${setUp.error.type}`);
  check('otpauth URL names the issuer', setUp.value.otpauthUrl.includes('issuer=Consumer%20Check'));
  const code = await generate({ secret: setUp.value.secret });
  const confirmed = await useCases.confirmTwoFactor.execute({
    userId,
    secret: setUp.value.secret,
    verificationCode: code,
  });
  if (!confirmed.ok) throw new Error(`2FA not confirmed: ${confirmed.error.type}`);
  check('ten backup codes', confirmed.value.backupCodes.length === 10);
  const status = await useCases.getTwoFactorStatus.execute({ userId });
  check('2FA is on', status.ok && status.value.twoFactorEnabled);

  const wrong = await useCases.disableAccount.execute({ userId, password: 'guess' });
  check('a wrong password is refused', !wrong.ok && wrong.error.type === 'InvalidPassword');
  const disabled = await useCases.disableAccount.execute({
    userId,
    password: PASSWORD,
    verificationCode: confirmed.value.backupCodes[0],
  });
  check('account disabled', disabled.ok);
  const gate = await useCases.authorizeAccount.execute({ userId, operation: 'get-custom-domain' });
  check('a disabled account is refused', !gate.ok && gate.error.type === 'AccountDisabled');
} finally {
  await accounts.close();
}
console.log('factory: ok');
