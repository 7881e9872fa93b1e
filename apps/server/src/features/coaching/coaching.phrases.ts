/**
 * The curated spam-trigger phrases, by category. Drawn from the phrases SpamAssassin's body rules,
 * mailbox-provider guidance and cold-email practice agree on; kept short on purpose: a phrase belongs
 * here only when it reads as a pitch to a filter and to a person. Matched case-insensitively on word
 * boundaries, any run of spaces between words. Weight: points taken from the spam-words category.
 */

export type PhraseCategory = "money" | "urgency" | "free" | "guarantees" | "deceptive";

export interface SpamPhrase {
  phrase: string;
  category: PhraseCategory;
  weight: number;
}

const HIGH = 6;
const MEDIUM = 3;
const LOW = 1.5;

const list = (category: PhraseCategory, weight: number, phrases: string[]): SpamPhrase[] =>
  phrases.map((phrase) => ({ phrase, category, weight }));

export const SPAM_PHRASES: SpamPhrase[] = [
  ...list("money", HIGH, [
    "make money",
    "earn money",
    "extra income",
    "double your income",
    "get paid",
    "cash bonus",
    "million dollars",
    "wire transfer",
    "work from home",
    "financial freedom",
    "get rich",
    "lottery",
    "you have won",
    "cash prize",
  ]),
  ...list("money", MEDIUM, [
    "best price",
    "lowest price",
    "save big",
    "big savings",
    "cheap",
    "discount",
    "earn extra",
    "investment opportunity",
    "pure profit",
  ]),
  ...list("money", LOW, ["cash", "price", "per month"]),
  ...list("urgency", MEDIUM, [
    "act now",
    "act fast",
    "urgent",
    "limited time",
    "expires today",
    "order now",
    "order today",
    "call now",
    "buy now",
    "don't miss out",
    "don't delete",
    "once in a lifetime",
    "last chance",
    "hurry",
    "immediately",
    "while supplies last",
    "what are you waiting for",
  ]),
  ...list("urgency", LOW, ["now only", "today only", "instant", "asap"]),
  ...list("free", HIGH, ["free gift", "free money", "free cash", "100% free", "free access", "free trial offer"]),
  ...list("free", MEDIUM, [
    "no credit card",
    "no cost",
    "no fees",
    "no obligation",
    "free trial",
    "free consultation",
    "for free",
    "bonus",
  ]),
  ...list("free", LOW, ["free", "offer"]),
  ...list("guarantees", HIGH, [
    "100% guaranteed",
    "guaranteed results",
    "risk free",
    "risk-free",
    "money back",
    "no risk",
    "satisfaction guaranteed",
  ]),
  ...list("guarantees", MEDIUM, ["guarantee", "guaranteed", "100%", "no catch", "no strings attached", "promise you"]),
  ...list("deceptive", HIGH, [
    "dear friend",
    "congratulations",
    "you are a winner",
    "winner",
    "you have been selected",
    "this is not spam",
    "not junk",
    "verify your account",
    "viagra",
    "lose weight",
    "miracle",
  ]),
  ...list("deceptive", MEDIUM, ["click here", "click below", "amazing", "incredible deal", "dear sir", "special promotion"]),
  ...list("deceptive", LOW, ["opportunity"]),
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** A phrase's pattern: words on boundaries (a boundary only where the phrase's own edge is a letter or digit). */
function patternOf(phrase: string): string {
  const body = phrase.split(/\s+/).map(escapeRegExp).join("\\s+");
  const start = isWordChar(phrase[0]) ? "(?<![\\p{L}\\p{N}])" : "";
  const end = isWordChar(phrase.at(-1)) ? "(?![\\p{L}\\p{N}])" : "";
  return `${start}${body}${end}`;
}

// Longest first, so "100% guaranteed" wins over "100%" and "free gift" over "free".
const ordered = [...SPAM_PHRASES].sort((a, b) => b.phrase.length - a.phrase.length);
const byPhrase = new Map(ordered.map((p) => [p.phrase, p]));
const combined = new RegExp(ordered.map((p) => `(${patternOf(p.phrase)})`).join("|"), "giu");

/** Uses of a phrase that are not the pitch: "are you free on Tuesday?", "feel free to". */
const NOT_A_PITCH: Record<string, { before?: RegExp; after?: RegExp }> = {
  free: { before: /(are you|feel|you're|you are|be|i'm|i am|we're|we are)\s+$/i, after: /^\s+(to|on|for a (call|chat)|this|next|at)\b/i },
};

export interface PhraseHit {
  phrase: SpamPhrase;
  /** As written in the text. */
  text: string;
}

/** Every phrase found in `text`, in one pass; overlapping phrases count once (the longest). */
export function findSpamPhrases(text: string): PhraseHit[] {
  const hits: PhraseHit[] = [];
  for (const m of text.matchAll(combined)) {
    const index = m.slice(1).findIndex((g) => g !== undefined);
    const phrase = ordered[index];
    const exception = phrase && NOT_A_PITCH[phrase.phrase];
    if (exception && m.index !== undefined) {
      const before = text.slice(Math.max(0, m.index - 16), m.index);
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 24);
      if (exception.before?.test(before) || exception.after?.test(after)) continue;
    }
    if (phrase) hits.push({ phrase: byPhrase.get(phrase.phrase) as SpamPhrase, text: m[0] });
  }
  return hits;
}
