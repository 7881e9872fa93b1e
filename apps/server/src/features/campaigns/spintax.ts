/**
 * Spintax `{Hi|Hello|Hey}`: one option per group, chosen by a PRNG seeded from the lead (and step),
 * so a preview shows exactly what that lead will be sent. Liquid's `{{ … }}` and `{% … %}` are left
 * alone, groups may nest, and a brace group without `|` is kept as written.
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

/** Index of the `}` closing the `{` at `open`, honouring nesting; -1 when unbalanced. */
function closing(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Splits a group's inside on `|` at its own level (not inside nested groups). */
function options(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "|" && depth === 0) {
      out.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  out.push(inner.slice(start));
  return out;
}

type Pick = (choices: string[]) => string;

function expand(s: string, pick: Pick): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    const next = s[i + 1];
    if (c === "{" && (next === "{" || next === "%")) {
      // A Liquid tag or output: copy it untouched up to its end.
      const end = s.indexOf(next === "{" ? "}}" : "%}", i + 2);
      const stop = end === -1 ? s.length : end + 2;
      out += s.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === "{") {
      const end = closing(s, i);
      if (end !== -1) {
        const inner = s.slice(i + 1, end);
        const opts = options(inner);
        if (opts.length > 1) {
          out += expand(pick(opts), pick);
          i = end + 1;
          continue;
        }
      }
    }
    out += c;
    i++;
  }
  return out;
}

/** Resolves every group with a choice that depends only on `seed` and the group's position. */
export function resolveSpintax(template: string, seed: string): string {
  if (!template.includes("|")) return template;
  const random = prng(seed);
  return expand(template, (choices) => choices[Math.floor(random() * choices.length)] as string);
}

/** Every option of every group, side by side: a template check then sees the Liquid of all of them. */
export function allSpintaxOptions(template: string): string {
  if (!template.includes("|")) return template;
  return expand(template, (choices) => choices.join(" "));
}
