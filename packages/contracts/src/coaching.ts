/**
 * Contracts of the coaching feature (docs/email-coaching.md): a draft is scored 0–100 before it is
 * sent, with a sub-score per category and concrete advice. One scorer serves /email-coaching and
 * the campaign editor's chip.
 */
import { z } from "zod";

/**
 * The request may be at most 1 MiB (the route's body limit); a body at most 1,000,000 characters,
 * its HTML nested at most 500 elements deep (real mail nests a few dozen; parsing slows down
 * steeply with depth).
 */
export const COACHING_LIMITS = {
  requestBytes: 1_048_576,
  subjectChars: 1_000,
  bodyChars: 1_000_000,
  fromChars: 400,
  htmlDepth: 500,
} as const;

/** Score bands: below 50 the draft is risky (filters will likely flag it), 70 and up it is good. */
export const COACHING_BANDS = { risky: 50, good: 70 } as const;

export const CoachingCategory = z.enum([
  "spam_words",
  "formatting",
  "links_images",
  "length",
  "readability",
  "personalization",
  "subject",
  "call_to_action",
  "compliance",
]);
export type CoachingCategory = z.infer<typeof CoachingCategory>;

export const CoachingVerdict = z.enum(["risky", "needs_work", "good"]);
export type CoachingVerdict = z.infer<typeof CoachingVerdict>;

export const CoachingScoreRequest = z.object({
  subject: z.string().max(COACHING_LIMITS.subjectChars, `A subject has at most ${COACHING_LIMITS.subjectChars} characters`).default(""),
  /** HTML or plain text, with the campaign's {{ placeholders }} and {spin|tax}. */
  body: z
    .string()
    .max(COACHING_LIMITS.bodyChars, `A body has at most ${COACHING_LIMITS.bodyChars.toLocaleString("en-US")} characters`)
    .default(""),
  /** The sender as it would appear: `Jane Doe <jane@acme.com>` or an address. */
  from: z.string().max(COACHING_LIMITS.fromChars, `From has at most ${COACHING_LIMITS.fromChars} characters`).optional(),
});
export type CoachingScoreRequest = z.infer<typeof CoachingScoreRequest>;

export const CoachingCategoryScore = z.object({
  category: CoachingCategory,
  label: z.string(),
  score: z.number(),
  max: z.number(),
});
export type CoachingCategoryScore = z.infer<typeof CoachingCategoryScore>;

export const CoachingAdvice = z.object({
  /** The rule's id, e.g. `spam_phrase.money` (docs/email-coaching.md lists them). */
  rule: z.string(),
  category: CoachingCategory,
  severity: z.enum(["high", "medium", "low"]),
  /** What is wrong, in one line. */
  title: z.string(),
  /** How to fix it. */
  fix: z.string(),
  where: z.enum(["subject", "body", "from"]),
  /** The exact pieces of text concerned, as written in the draft (the page highlights them). */
  excerpts: z.array(z.string()),
  /** Points the overall score gains when this is fixed (everything else unchanged). */
  points: z.number(),
});
export type CoachingAdvice = z.infer<typeof CoachingAdvice>;

export const CoachingStats = z.object({
  words: z.number(),
  sentences: z.number(),
  /** Flesch reading ease (higher is easier; 60+ is plain English). */
  reading_ease: z.number(),
  /** Flesch–Kincaid grade level. */
  grade_level: z.number(),
  links: z.number(),
  link_domains: z.array(z.string()),
  images: z.number(),
  /** The template variables the draft uses, e.g. first_name. */
  placeholders: z.array(z.string()),
  spintax_groups: z.number(),
  questions: z.number(),
  you_words: z.number(),
  we_words: z.number(),
  subject_chars: z.number(),
  subject_words: z.number(),
  has_unsubscribe: z.boolean(),
  is_html: z.boolean(),
});
export type CoachingStats = z.infer<typeof CoachingStats>;

export const CoachingReport = z.object({
  score: z.number().int().min(0).max(100),
  verdict: CoachingVerdict,
  categories: z.array(CoachingCategoryScore),
  /** Biggest gain first. */
  advice: z.array(CoachingAdvice),
  stats: CoachingStats,
});
export type CoachingReport = z.infer<typeof CoachingReport>;

/** Every step (and A/B variant) of a campaign, scored as written. */
export const CampaignCoachingStep = z.object({
  /** 0-based step index. */
  step: z.number().int(),
  /** 0 is the step itself, 1 is variant B, … */
  variant: z.number().int(),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  report: CoachingReport,
});
export type CampaignCoachingStep = z.infer<typeof CampaignCoachingStep>;

export const CampaignCoaching = z.object({
  campaign_id: z.string(),
  name: z.string(),
  status: z.string(),
  steps: z.array(CampaignCoachingStep),
});
export type CampaignCoaching = z.infer<typeof CampaignCoaching>;
