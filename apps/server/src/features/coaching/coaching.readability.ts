/** Words, sentences and syllables of plain English, and the Flesch scores built from them. */

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** Sentences end at . ! ? or a line break (greetings and sign-offs stand alone). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => wordsOf(s).length > 0);
}

/** The usual vowel-group count, with a silent final e and common endings taken off. */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (!w) return 1;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, "").replace(/^y/, "");
  return Math.max(1, (trimmed.match(/[aeiouy]{1,2}/g) ?? []).length);
}

export interface Readability {
  words: number;
  sentences: number;
  /** Flesch reading ease: 206.835 − 1.015 × words/sentence − 84.6 × syllables/word. */
  ease: number;
  /** Flesch–Kincaid grade: 0.39 × words/sentence + 11.8 × syllables/word − 15.59. */
  grade: number;
  longestSentence: string;
}

export function readability(text: string): Readability {
  const words = wordsOf(text);
  const sentences = sentencesOf(text);
  if (words.length === 0) return { words: 0, sentences: 0, ease: 0, grade: 0, longestSentence: "" };
  const syl = words.reduce((n, w) => n + syllables(w), 0);
  const wps = words.length / Math.max(1, sentences.length);
  const spw = syl / words.length;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  const longestSentence = sentences.reduce((a, b) => (wordsOf(b).length > wordsOf(a).length ? b : a), "");
  return {
    words: words.length,
    sentences: sentences.length,
    ease: round1(206.835 - 1.015 * wps - 84.6 * spw),
    grade: round1(Math.max(0, 0.39 * wps + 11.8 * spw - 15.59)),
    longestSentence,
  };
}
