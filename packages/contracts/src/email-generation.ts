/**
 * The email generation request (outreach-core §3, §7: POST /api/campaigns/generate-email) and its
 * answer: a subject and body written by the configured language model, or by the built-in
 * templates when none is configured (or when asked for).
 */
import { z } from "zod";

export const EmailTone = z.enum(["professional", "friendly", "casual", "formal", "persuasive", "enthusiastic", "concise"]);
export type EmailTone = z.infer<typeof EmailTone>;

/** Used when the request has no email address, so a draft can still be written. */
export const PLACEHOLDER_EMAIL = "recipient@example.com";

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .transform((s) => s.trim())
    .optional();

export const EmailGenerationRequest = z.object({
  name: text(200),
  email: z
    .string()
    .trim()
    .max(254)
    .transform((s) => s.toLowerCase())
    .pipe(z.union([z.literal(""), z.email("Enter a valid email address")]))
    .optional()
    .transform((s) => s || PLACEHOLDER_EMAIL),
  company: text(200),
  position: text(200),
  tone: EmailTone.default("professional"),
  /** Fills missing fields from this lead (and adds its industry, pain point and company insight). */
  lead_id: z.uuid("Not a valid lead id").optional(),
  /** Writes for this campaign: its name and first subject give the context. */
  campaign_id: z.uuid("Not a valid campaign id").optional(),
  /** What the email is for, in a sentence ("book a demo of our scheduling tool"). */
  goal: text(500),
  /** Default: the language model when one is configured, else the templates. */
  engine: z.enum(["llm", "template"]).optional(),
});
export type EmailGenerationRequest = z.input<typeof EmailGenerationRequest>;

export const GeneratedEmail = z.object({
  subject: z.string(),
  body: z.string(),
  source: z.enum(["llm", "template"]),
  /** The model that wrote it (source llm). */
  model: z.string().optional(),
  tone: EmailTone,
  /** The address the email is for (the placeholder when none was given). */
  email: z.string(),
});
export type GeneratedEmail = z.infer<typeof GeneratedEmail>;
