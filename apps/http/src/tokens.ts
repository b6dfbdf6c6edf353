import { createHmac } from 'node:crypto';

export type MintTokenInput = {
  secret: string;
  userId: string;
  expiresInSeconds: number;
  issuer?: string | null;
  audience?: string | null;
  now?: Date;
};

/** An HS256 JWT for local use (operator CLI, dev mode); real tokens come from the identity provider. */
export function mintToken(input: MintTokenInput): string {
  const iat = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const claims: Record<string, unknown> = { sub: input.userId, iat, exp: iat + input.expiresInSeconds };
  if (input.issuer) claims.iss = input.issuer;
  if (input.audience) claims.aud = input.audience;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${data}.${createHmac('sha256', input.secret).update(data).digest('base64url')}`;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "90", "90s", "15m", "1h", "7d" → seconds; null when it is none of those. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : null;
}
