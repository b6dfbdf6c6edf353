import {
  BACKUP_CODE_POLICY,
  backupCodeFromIndexes,
  verificationTokenFromIndexes,
  VERIFICATION_TOKEN,
} from '@accounts/domain';
import type { RandomSource } from './ports.js';

/** A fresh set of backup codes, shown as `xxxxx-xxxxx`. */
export function newBackupCodes(random: RandomSource): string[] {
  const { count, length, alphabet } = BACKUP_CODE_POLICY;
  return Array.from({ length: count }, () => backupCodeFromIndexes(random.integers(length, alphabet.length)));
}

export function newVerificationToken(random: RandomSource): string {
  const { length, alphabet } = VERIFICATION_TOKEN;
  return verificationTokenFromIndexes(random.integers(length, alphabet.length));
}
