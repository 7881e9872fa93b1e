/**
 * Keyset cursors for paged lists: the last row's sort value and id, opaque to the client
 * (base64url of a JSON pair). Each list checks the pair's types and answers 422 on `cursor` itself.
 */

import { validationError } from "./errors.ts";

export type KeysetValue = string | number;

export const encodeKeyset = (value: KeysetValue, id: string): string => Buffer.from(JSON.stringify([value, id])).toString("base64url");

/** The pair inside a cursor `encodeKeyset` made, or null for anything else. */
export function decodeKeyset(cursor: string): [KeysetValue, string] | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === 2 && (typeof v[0] === "string" || typeof v[0] === "number") && typeof v[1] === "string")
      return [v[0], v[1]];
  } catch {}
  return null;
}

/** The 422 for a cursor a list did not hand out: names the `cursor` field. */
export const badCursor = () => validationError([{ field: "cursor", message: "Not a cursor this list handed out" }]);
