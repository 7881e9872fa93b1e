/**
 * Turns a pasted list into addresses for a bulk invite: one per line or separated by commas or
 * semicolons, "Name <address>" forms reduced to the address, blanks dropped, repeats kept once.
 * Every other entry is sent as written: the server checks each one and reports why it failed.
 */
import { BULK_INVITE_MAX } from "@prospector/contracts";

export interface ParsedList {
  emails: string[];
  /** Entries written more than once (kept once). */
  duplicates: string[];
  /** Set when the list cannot be sent at all. */
  problem: string | null;
}

export function parseInviteList(text: string): ParsedList {
  const seen = new Set<string>();
  const emails: string[] = [];
  const duplicates: string[] = [];
  for (const raw of text.split(/[\n,;]+/)) {
    let entry = raw.trim();
    const angle = /<([^<>]+)>\s*$/.exec(entry);
    if (angle?.[1]) entry = angle[1].trim();
    if (!entry) continue;
    const key = entry.toLowerCase();
    if (seen.has(key)) {
      duplicates.push(entry);
      continue;
    }
    seen.add(key);
    emails.push(entry);
  }
  let problem: string | null = null;
  if (emails.length === 0) problem = "Paste at least one email address";
  else if (emails.length > BULK_INVITE_MAX) problem = `At most ${BULK_INVITE_MAX} addresses at once (this list has ${emails.length})`;
  return { emails, duplicates, problem };
}
