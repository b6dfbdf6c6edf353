/** The fixed TOTP parameters of the specification. */
export const TOTP_POLICY = {
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of the current one. */
  window: 1,
  secretLength: 32,
} as const;

const BASE32_SECRET = /^[A-Z2-7]{32}$/;
const CODE = /^\d{6}$/;

/** A submitted secret in canonical form (upper case), or null when it is not 32 base32 characters. */
export function parseTotpSecret(secret: string): string | null {
  const canonical = secret.trim().toUpperCase();
  return BASE32_SECRET.test(canonical) ? canonical : null;
}

export function isTotpCodeShape(code: string): boolean {
  return CODE.test(code);
}

export function timeStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_POLICY.periodSeconds);
}

/** Steps a code may match at `at`, the current one first. */
export function acceptableSteps(at: Date): number[] {
  const current = timeStepAt(at);
  const steps = [current];
  for (let offset = 1; offset <= TOTP_POLICY.window; offset++) steps.push(current - offset, current + offset);
  return steps;
}

/** A code is single-use: a step at or before the last accepted one is refused. */
export function isFreshStep(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}
