import { createSigner } from 'fast-jwt';

export type MintTokenInput = {
  secret: string;
  userId: string;
  expiresInSeconds: number;
  issuer?: string | null;
  audience?: string | null;
  /** The `scope` claim, e.g. `accounts:admin` for an operator token. */
  scope?: string | null;
  /** The `sid` claim: the identity provider's session id. */
  sid?: string | null;
  now?: Date;
};

/**
 * An HS256 JWT for local use (operator CLI, dev mode); real tokens come from the identity
 * provider. Signed by fast-jwt, the library that verifies them.
 */
export function mintToken(input: MintTokenInput): string {
  const sign = createSigner({
    key: input.secret,
    algorithm: 'HS256',
    expiresIn: input.expiresInSeconds * 1000,
    clockTimestamp: (input.now ?? new Date()).getTime(),
    ...(input.issuer ? { iss: input.issuer } : {}),
    ...(input.audience ? { aud: input.audience } : {}),
  });
  return sign({
    sub: input.userId,
    ...(input.scope ? { scope: input.scope } : {}),
    ...(input.sid ? { sid: input.sid } : {}),
  });
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "90", "90s", "15m", "1h", "7d" → seconds; null when it is none of those. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+)([smhd])?$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * (UNIT_SECONDS[match[2] ?? 's'] ?? 1);
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : null;
}
