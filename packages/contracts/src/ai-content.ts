/** Request and response shapes of memory intelligence (per-lead timeline) and personalized images (docs/ai/content.md). */
import { z } from "zod";
import { listOf } from "./fields.ts";

const limit = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`)
    .default(fallback);
const cursor = z.string().max(300, "cursor is too long").optional();

/** Every kind of thing that can happen with a lead, one per source row. */
export const TimelineKind = z.enum([
  "created",
  "imported",
  "enriched",
  "merged",
  "campaign_sent",
  "opened",
  "clicked",
  "replied",
  "auto_replied",
  "bounced",
  "unsubscribed",
  "complained",
  "meeting",
  "compose_sent",
  "interaction",
  "note",
  "task",
  "deal_created",
  "deal_stage",
  "ai_action",
  "agent_run",
]);
export type TimelineKind = z.infer<typeof TimelineKind>;

/** email: mail we sent and what the person did with it; crm: people's records; ai: AI actions; record: the lead's own data. */
export const TimelineChannel = z.enum(["email", "crm", "ai", "record"]);
export type TimelineChannel = z.infer<typeof TimelineChannel>;

export const TimelineItem = z.object({
  /** Unique within the timeline: the source row's id (with the kind it is read as). */
  id: z.string(),
  kind: TimelineKind,
  channel: TimelineChannel,
  at: z.string(),
  title: z.string(),
  /** The text of the item (reply snippet, notes, AI explanation), when it has any. */
  body: z.string().nullable(),
  /** The reply's class from reply intent (the correction when a person made one), when classified. */
  reply_class: z.string().nullable(),
  campaign_id: z.string().nullable(),
  /** The ledger row behind an AI item (/ai-transparency?action=<id>). */
  ai_action_id: z.string().nullable(),
  /** Where the item lives in the app (a campaign, a deal, a task), when it has a page. */
  link: z.string().nullable(),
});
export type TimelineItem = z.infer<typeof TimelineItem>;

export const MemoryLead = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
});
export type MemoryLead = z.infer<typeof MemoryLead>;

export const MemoryLeadsQuery = z.object({
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
  limit: limit(50, 20),
  cursor,
});
export type MemoryLeadsQuery = z.input<typeof MemoryLeadsQuery>;

export const MemoryLeadPage = z.object({ items: z.array(MemoryLead), next_cursor: z.string().nullable() });
export type MemoryLeadPage = z.infer<typeof MemoryLeadPage>;

export const TimelineQuery = z.object({
  kinds: listOf(TimelineKind, TimelineKind.options.length),
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
  limit: limit(100, 50),
  cursor,
});
export type TimelineQuery = z.input<typeof TimelineQuery>;

export const TimelinePage = z.object({ items: z.array(TimelineItem), next_cursor: z.string().nullable() });
export type TimelinePage = z.infer<typeof TimelinePage>;

export const TimelineSummary = z.object({
  lead: MemoryLead,
  lead_status: z.string(),
  /** The earliest and latest email or CRM item (a touch between us and the person), null when none. */
  first_touch_at: z.string().nullable(),
  last_touch_at: z.string().nullable(),
  counts: z.record(TimelineChannel, z.number().int()),
  kind_counts: z.partialRecord(TimelineKind, z.number().int()),
  total: z.number().int(),
  /** The stage of the lead's most recently updated open deal (else latest deal), null without deals. */
  current_stage: z.object({ name: z.string(), deal_id: z.string(), deal_name: z.string() }).nullable(),
});
export type TimelineSummary = z.infer<typeof TimelineSummary>;

export const MemorySearchQuery = z.object({
  q: z.string().trim().min(2, "q must be at least 2 characters").max(200, "q must be at most 200 characters"),
  limit: limit(50, 20),
  cursor,
});
export type MemorySearchQuery = z.input<typeof MemorySearchQuery>;

/** A lead whose timeline mentions the words, with its latest matching item. */
export const MemorySearchHit = z.object({ lead: MemoryLead, item: TimelineItem, matches: z.number().int() });
export type MemorySearchHit = z.infer<typeof MemorySearchHit>;

export const MemorySearchPage = z.object({ items: z.array(MemorySearchHit), next_cursor: z.string().nullable() });
export type MemorySearchPage = z.infer<typeof MemorySearchPage>;

// ---- Personalized images ----

/** banner: the company name and the person's first name; website_card: "your website" from the lead's site. */
export const ImageTemplate = z.enum(["banner", "website_card"]);
export type ImageTemplate = z.infer<typeof ImageTemplate>;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "accent_color must be a colour like #1e88e5");

export const ImageOptions = z.object({
  /** The background accent; the website card defaults to a colour derived from the site's domain. */
  accent_color: hexColor.optional(),
  /** The banner's line under the name ("Hi {first name}" by default). */
  headline: z.string().trim().min(1, "headline must not be empty").max(80, "headline must be at most 80 characters").optional(),
});
export type ImageOptions = z.infer<typeof ImageOptions>;

export const GenerateImageInput = z.object({
  lead_id: z.uuid("lead_id must be a UUID"),
  template: ImageTemplate,
  options: ImageOptions.default({}),
});
export type GenerateImageInput = z.input<typeof GenerateImageInput>;

export const PersonalizedImage = z.object({
  id: z.string(),
  lead_id: z.string(),
  template: ImageTemplate,
  width: z.number().int(),
  height: z.number().int(),
  alt_text: z.string(),
  /** Why the image says what it says: which lead fields went in and where each came from. */
  explanation: z.string(),
  ai_action_id: z.string().nullable(),
  /** The PNG for signed-in members (needs the session). */
  image_url: z.string(),
  /** The public URL for email, null when revoked or never made. */
  public_url: z.string().nullable(),
  /** `<img src alt>` ready to paste into an email, null without a public URL. */
  embed_html: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PersonalizedImage = z.infer<typeof PersonalizedImage>;

export const ImagesQuery = z.object({ lead_id: z.uuid("lead_id must be a UUID").optional(), limit: limit(100, 20), cursor });
export type ImagesQuery = z.input<typeof ImagesQuery>;

export const ImagePage = z.object({ items: z.array(PersonalizedImage), next_cursor: z.string().nullable() });
export type ImagePage = z.infer<typeof ImagePage>;

export const UpdateImageInput = z.object({
  alt_text: z.string().trim().min(1, "alt_text must not be empty").max(300, "alt_text must be at most 300 characters"),
});
export type UpdateImageInput = z.input<typeof UpdateImageInput>;

export const PreviewImageQuery = z.object({
  lead_id: z.uuid("lead_id must be a UUID"),
  template: ImageTemplate,
  accent_color: hexColor.optional(),
  headline: z.string().trim().min(1, "headline must not be empty").max(80, "headline must be at most 80 characters").optional(),
});
export type PreviewImageQuery = z.input<typeof PreviewImageQuery>;
