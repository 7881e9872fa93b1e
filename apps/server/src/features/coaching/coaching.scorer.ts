/**
 * The draft score: each category starts at its weight and loses what its findings cost (never below
 * 0); the sum of the categories (100 at most) is then scaled by how clean the draft is of spam
 * signals (spam words and formatting): a draft filters will flag keeps at most half of the rest.
 * Each piece of advice carries the points the overall score gains when it alone is fixed.
 */
import { COACHING_BANDS, type CoachingCategory, type CoachingReport, type CoachingVerdict } from "@prospector/contracts";
import { type Draft, readDraft } from "./coaching.draft.ts";
import { analyse, type Finding, RULES } from "./coaching.rules.ts";

export const CATEGORY_WEIGHTS: Record<CoachingCategory, { label: string; max: number }> = {
  spam_words: { label: "Spam-trigger words", max: 20 },
  formatting: { label: "Caps, punctuation and hidden text", max: 10 },
  links_images: { label: "Links and images", max: 15 },
  length: { label: "Length", max: 10 },
  readability: { label: "Readability", max: 10 },
  personalization: { label: "Personalization", max: 15 },
  subject: { label: "Subject line", max: 10 },
  call_to_action: { label: "Call to action", max: 5 },
  compliance: { label: "Opt-out line", max: 5 },
};

const CATEGORIES = Object.keys(CATEGORY_WEIGHTS) as CoachingCategory[];
const GATE: CoachingCategory[] = ["spam_words", "formatting"];
const GATE_MAX = GATE.reduce((n, c) => n + CATEGORY_WEIGHTS[c].max, 0);

function categoryScores(findings: Finding[]): Record<CoachingCategory, number> {
  const lost = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<CoachingCategory, number>;
  for (const f of findings) lost[f.category] += f.deduction;
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.max(0, CATEGORY_WEIGHTS[c].max - lost[c])])) as Record<CoachingCategory, number>;
}

function overall(scores: Record<CoachingCategory, number>): number {
  const sum = CATEGORIES.reduce((n, c) => n + scores[c], 0);
  const clean = GATE.reduce((n, c) => n + scores[c], 0) / GATE_MAX;
  return Math.round(sum * (0.5 + 0.5 * clean));
}

export const verdictOf = (score: number): CoachingVerdict =>
  score < COACHING_BANDS.risky ? "risky" : score < COACHING_BANDS.good ? "needs_work" : "good";

const SEVERITY_RANK = { high: 0, medium: 1, low: 2 } as const;
const round1 = (n: number) => Math.round(n * 10) / 10;

export function scoreDraft(input: { subject: string; body: string; from?: string }): CoachingReport & { draft: Draft } {
  const draft = readDraft(input);
  const a = analyse(draft);
  const findings = RULES.flatMap((rule) => rule(a));
  const scores = categoryScores(findings);
  const score = overall(scores);
  const advice = findings
    .map((f) => ({
      rule: f.rule,
      category: f.category,
      severity: f.deduction >= 5 ? ("high" as const) : f.deduction >= 3 ? ("medium" as const) : ("low" as const),
      title: f.title,
      fix: f.fix,
      where: f.where,
      excerpts: f.excerpts,
      points: overall(categoryScores(findings.filter((g) => g !== f))) - score,
    }))
    .sort((x, y) => y.points - x.points || SEVERITY_RANK[x.severity] - SEVERITY_RANK[y.severity]);
  return {
    draft,
    score,
    verdict: verdictOf(score),
    categories: CATEGORIES.map((c) => ({
      category: c,
      label: CATEGORY_WEIGHTS[c].label,
      score: round1(scores[c]),
      max: CATEGORY_WEIGHTS[c].max,
    })),
    advice,
    stats: {
      words: a.body.words,
      sentences: a.body.sentences,
      reading_ease: Math.min(100, Math.max(0, a.body.ease)),
      grade_level: a.body.grade,
      links: a.links.length,
      link_domains: [
        ...new Set(a.links.map((l) => l.domain).filter((d): d is string => Boolean(d) && !(d as string).endsWith(".invalid"))),
      ],
      images: draft.images.length,
      placeholders: draft.placeholders,
      spintax_groups: draft.spintaxGroups,
      questions: a.questions,
      you_words: a.youWords,
      we_words: a.weWords,
      subject_chars: draft.subject.length,
      subject_words: (draft.subject.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length,
      has_unsubscribe: draft.hasUnsubscribe,
      is_html: draft.isHtml,
    },
  };
}
