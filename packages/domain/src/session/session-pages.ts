/**
 * The session lists a page at a time (decisions.md, "Sessions and sign-out everywhere", Bounded
 * lists): most recently seen first, in the order the sessions had when the first page was read.
 */
export const SESSIONS_PAGE = { min: 1, max: 100, default: 50 } as const;

/**
 * Where a page of sessions ends: the first page's time (`listedAt`, which fixes the order), and
 * the last session's place in that order: when it was last seen as of `listedAt`, with the
 * database's full (microsecond) precision as `YYYY-MM-DDTHH:MM:SS.ffffffZ` (null: not known, as
 * it has been seen twice since; such sessions come last), and its id.
 */
export type SessionPosition = {
  readonly listedAt: string;
  readonly seenAt: string | null;
  readonly id: string;
};

const LISTED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SEEN_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID_MAX_LENGTH = 255;

export function encodeSessionPosition(position: SessionPosition): string {
  return JSON.stringify([position.listedAt, position.seenAt, position.id]);
}

/** The position a cursor carried, or null when the text is not one. */
export function decodeSessionPosition(text: string): SessionPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [listedAt, seenAt, id] = value as unknown[];
  if (typeof listedAt !== 'string' || !LISTED_AT.test(listedAt)) return null;
  if (seenAt !== null && (typeof seenAt !== 'string' || !SEEN_AT.test(seenAt))) return null;
  if (typeof id !== 'string' || id.length === 0 || id.length > ID_MAX_LENGTH) return null;
  return { listedAt, seenAt, id };
}
