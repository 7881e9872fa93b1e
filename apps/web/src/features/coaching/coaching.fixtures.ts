/** Coaching reports for the page and chip tests, shaped as the server answers (checked by the contract map). */
import type { CoachingAdvice, CoachingReport } from "@prospector/contracts";

const CATEGORIES: [CoachingReport["categories"][number]["category"], string, number][] = [
  ["spam_words", "Spam-trigger words", 20],
  ["formatting", "Caps, punctuation and hidden text", 10],
  ["links_images", "Links and images", 15],
  ["length", "Length", 10],
  ["readability", "Readability", 10],
  ["personalization", "Personalization", 15],
  ["subject", "Subject line", 10],
  ["call_to_action", "Call to action", 5],
  ["compliance", "Opt-out line", 5],
];

export function advice(over: Partial<CoachingAdvice> = {}): CoachingAdvice {
  return {
    rule: "spam_phrase.urgency",
    category: "spam_words",
    severity: "medium",
    title: '"act now" in the body is a spam trigger (urgency)',
    fix: "Drop the pressure.",
    where: "body",
    excerpts: ["act now"],
    points: 6,
    ...over,
  };
}

export function report(over: Partial<CoachingReport> = {}, scores: Partial<Record<string, number>> = {}): CoachingReport {
  return {
    score: 100,
    verdict: "good",
    categories: CATEGORIES.map(([category, label, max]) => ({ category, label, max, score: scores[category] ?? max })),
    advice: [],
    stats: {
      words: 80,
      sentences: 8,
      reading_ease: 72.4,
      grade_level: 6.1,
      links: 0,
      link_domains: [],
      images: 0,
      placeholders: ["first_name"],
      spintax_groups: 0,
      questions: 1,
      you_words: 4,
      we_words: 2,
      subject_chars: 24,
      subject_words: 4,
      has_unsubscribe: true,
      is_html: false,
    },
    ...over,
  };
}
