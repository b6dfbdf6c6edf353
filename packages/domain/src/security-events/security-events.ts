import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';

export const SECURITY_EVENTS_PAGE = { min: 1, max: 100, default: 20 } as const;

/** A list's page sizes: the smallest and largest it takes, and the one it gives without asking. */
export type PageSizes = { readonly min: number; readonly max: number; readonly default: number };

/**
 * The page size asked for, or the default; anything but a whole number in min..max is refused.
 * `sizes`: the list's (the security events' unless said).
 */
export function checkPageLimit(
  limit: number | undefined,
  sizes: PageSizes = SECURITY_EVENTS_PAGE,
): Result<number, ErrorOf<'InvalidPageLimit'>> {
  if (limit === undefined) return ok(sizes.default);
  if (!Number.isInteger(limit) || limit < sizes.min || limit > sizes.max) {
    return err({ type: 'InvalidPageLimit' });
  }
  return ok(limit);
}

/**
 * Where a page of audit records ends, in their newest-first order: the record's creation time
 * with the database's full (microsecond) precision, as `YYYY-MM-DDTHH:MM:SS.ffffffZ`, and its id.
 */
export type AuditPosition = { readonly createdAt: string; readonly id: string };

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[1-9]\d{0,18}$/;

export function encodeAuditPosition(position: AuditPosition): string {
  return JSON.stringify([position.createdAt, position.id]);
}

/** The position a cursor carried, or null when the text is not one. */
export function decodeAuditPosition(text: string): AuditPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string') return null;
  if (!CREATED_AT.test(createdAt) || !ID.test(id)) return null;
  return { createdAt, id };
}
