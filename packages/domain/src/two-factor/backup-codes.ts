export const BACKUP_CODE_POLICY = {
  count: 10,
  length: 10,
  alphabet: '23456789abcdefghjkmnpqrstuvwxyz',
} as const;

const HALF = BACKUP_CODE_POLICY.length / 2;
const SHAPE = new RegExp(
  `^([${BACKUP_CODE_POLICY.alphabet}]{${HALF}})-?([${BACKUP_CODE_POLICY.alphabet}]{${HALF}})$`,
);

/** A backup code from alphabet positions (the caller supplies the randomness), shown as `xxxxx-xxxxx`. */
export function backupCodeFromIndexes(indexes: readonly number[]): string {
  if (indexes.length !== BACKUP_CODE_POLICY.length) throw new RangeError('wrong number of positions');
  const chars = indexes.map((i) => {
    const char = BACKUP_CODE_POLICY.alphabet[i];
    if (char === undefined) throw new RangeError(`position ${i} is outside the alphabet`);
    return char;
  });
  return `${chars.slice(0, HALF).join('')}-${chars.slice(HALF).join('')}`;
}

/** The canonical form of a submitted backup code (no hyphen, lower case), or null when it is not one. */
export function normalizeBackupCode(input: string): string | null {
  const match = SHAPE.exec(input.trim().toLowerCase());
  return match ? `${match[1]}${match[2]}` : null;
}
