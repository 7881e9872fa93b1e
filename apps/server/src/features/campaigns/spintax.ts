/**
 * Spintax `{Hi|Hello|Hey}`: one option per group, chosen by a PRNG seeded from the lead (and step),
 * so a preview shows exactly what that lead will be sent. Liquid's `{{ … }}` and `{% … %}` are left
 * alone, groups may nest, and a brace group without `|` is kept as written.
 *
 * Linear in the template's length whatever its braces: every `{` is matched to its `}` in one pass
 * with a stack, groups are walked by index (never re-sliced and re-scanned), and nesting uses an
 * explicit work stack, so a body of a million unbalanced or nested braces neither takes seconds
 * nor overflows the call stack.
 */
import { createHash } from "node:crypto";

/** mulberry32: small, fast and good enough to pick among a handful of options. */
function prng(seed: string): () => number {
  let a = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPEN = 123; // {
const CLOSE = 125; // }
const BAR = 124; // |
const PERCENT = 37; // %

/** For each `{`, the index of the `}` closing it (nesting honoured), or -1 when unbalanced. */
function matchBraces(s: string): Int32Array {
  const match = new Int32Array(s.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === OPEN) open.push(i);
    else if (c === CLOSE && open.length) match[open.pop() as number] = i;
  }
  return match;
}

/**
 * Copies the template with every group replaced: by the option `pick` chooses, or (pick null) by all
 * options joined with spaces. Pending work is a stack of [start, end) ranges; start -1 emits a space.
 */
function expand(s: string, pick: ((count: number) => number) | null): string {
  const match = matchBraces(s);
  // Next `}}` / `%}` at or after a position: positions are visited in increasing order, so one
  // forward cursor per delimiter keeps every Liquid skip together linear. -2: none left.
  const seek = (cursor: number, delimiter: string, from: number) => {
    if (cursor === -2 || cursor >= from) return cursor;
    const at = s.indexOf(delimiter, from);
    return at === -1 ? -2 : at;
  };
  let nextOutput = -1;
  let nextTag = -1;
  const bars: number[] = [];
  let out = "";
  const work: number[] = [0, s.length];
  while (work.length) {
    const end = work.pop() as number;
    let i = work.pop() as number;
    if (i === -1) {
      out += " ";
      continue;
    }
    let copied = i;
    while (i < end) {
      if (s.charCodeAt(i) !== OPEN) {
        i++;
        continue;
      }
      const next = i + 1 < end ? s.charCodeAt(i + 1) : -1;
      if (next === OPEN || next === PERCENT) {
        // A Liquid tag or output: copy it untouched up to its end (or the end of this range).
        let close: number;
        if (next === OPEN) close = nextOutput = seek(nextOutput, "}}", i + 2);
        else close = nextTag = seek(nextTag, "%}", i + 2);
        i = close < 0 || close + 2 > end ? end : close + 2;
        continue;
      }
      const close = match[i] as number;
      if (close === -1) {
        i++;
        continue;
      }
      // Options split on `|` at this group's own level: nested groups are jumped over whole.
      // bars[0..count] holds each option's start - 1, then the group's end.
      let count = 0;
      bars[count++] = i;
      for (let j = i + 1; j < close; j++) {
        const c = s.charCodeAt(j);
        if (c === OPEN) j = match[j] as number;
        else if (c === BAR) bars[count++] = j;
      }
      if (count === 1) {
        i++; // no `|`: the braces are the author's text; their inside is still expanded
        continue;
      }
      bars[count] = close;
      out += s.slice(copied, i);
      // The stack runs in reverse reading order: first what follows the group, then the options.
      // Empty ranges are never pushed: deeply nested groups then keep the stack short.
      if (close + 1 < end) work.push(close + 1, end);
      if (pick) {
        const k = pick(count);
        if ((bars[k] as number) + 1 < (bars[k + 1] as number)) work.push((bars[k] as number) + 1, bars[k + 1] as number);
      } else {
        for (let k = count - 1; k >= 0; k--) {
          if ((bars[k] as number) + 1 < (bars[k + 1] as number)) work.push((bars[k] as number) + 1, bars[k + 1] as number);
          if (k) work.push(-1, -1);
        }
      }
      copied = i = end; // the rest of this range now waits on the stack
    }
    if (copied < end) out += s.slice(copied, end);
  }
  return out;
}

/** Resolves every group with a choice that depends only on `seed` and the group's position. */
export function resolveSpintax(template: string, seed: string): string {
  if (!template.includes("|")) return template;
  const random = prng(seed);
  return expand(template, (count) => Math.floor(random() * count));
}

/** Every option of every group, side by side: a template check then sees the Liquid of all of them. */
export function allSpintaxOptions(template: string): string {
  if (!template.includes("|")) return template;
  return expand(template, null);
}
