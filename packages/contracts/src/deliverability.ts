/**
 * Deliverability checks (issue 15, docs/deliverability.md). One check is one question asked of one
 * sending domain (SPF, DKIM, DMARC, MX, a DNS blocklist zone) and its answer: pass, warn, fail, or
 * unknown with the reason (DNS timed out, answered garbage, the zone is down); never "pass" on doubt.
 */
import { z } from "zod";

export const CheckStatus = z.enum(["pass", "warn", "fail", "unknown"]);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** spf, dkim, dmarc, mx, or `blocklist:<zone>` for one DNS blocklist zone. */
export const CheckKind = z.string().regex(/^(spf|dkim|dmarc|mx|blocklist:[a-z0-9.-]+)$/);
export type CheckKind = z.infer<typeof CheckKind>;

export const DomainCheck = z.object({
  domain: z.string(),
  kind: CheckKind,
  status: CheckStatus,
  /** One sentence: what was found, or why it could not be told. */
  summary: z.string(),
  /** The record as published (joined TXT strings, MX hosts), when there is one. */
  found: z.string().nullable(),
  /** What to publish when the check is not "pass": the record name, type and value. */
  fix: z.object({ name: z.string(), type: z.string(), value: z.string() }).nullable(),
  checked_at: z.string(),
});
export type DomainCheck = z.infer<typeof DomainCheck>;

/** A sending domain as typed: trimmed and lower-cased. */
export const DomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, "Enter a domain such as example.com");

/** A saved DKIM selector: one DNS label (letters, digits, dashes, dots between labels). */
export const DkimSelectorInput = z.object({
  selector: z
    .string()
    .trim()
    .toLowerCase()
    .max(63)
    .regex(
      /^([a-z0-9]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9_-]{0,61}[a-z0-9])?)*$/,
      "A selector is a DNS label such as s1 or google",
    )
    .nullable(),
});
export type DkimSelectorInput = z.infer<typeof DkimSelectorInput>;

export const RefreshRun = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  /** Domains to check and checked so far: the progress bar. */
  total: z.number().int(),
  done: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RefreshRun = z.infer<typeof RefreshRun>;

export const RefreshInput = z.object({ domain: DomainName.optional() });
export type RefreshInput = z.infer<typeof RefreshInput>;

export const DomainReport = z.object({
  domain: z.string(),
  /** The workspace's inboxes sending from it. */
  inboxes: z.array(z.string()),
  /** spf, dkim, dmarc, mx, in that order; missing before the first check. */
  checks: z.array(DomainCheck),
  dkim_selector: z.string().nullable(),
  /** The oldest check's time (null: never checked); stale when older than the TTL. */
  checked_at: z.string().nullable(),
  stale: z.boolean(),
});
export type DomainReport = z.infer<typeof DomainReport>;

/** One figure against its threshold: status unknown when too few sends to tell. */
export const RateVerdict = z.object({
  count: z.number().int(),
  rate: z.number(),
  status: CheckStatus,
  summary: z.string(),
});
export type RateVerdict = z.infer<typeof RateVerdict>;

export const InboxDeliverability = z.object({
  id: z.string(),
  email: z.string(),
  domain: z.string(),
  status: z.string(),
  status_reason: z.string().nullable(),
  /** Sent (delivered to SMTP or bounced) in the window, campaigns and one-off sends. */
  sent: z.number().int(),
  bounces: RateVerdict,
  complaints: RateVerdict,
  warmup: z.object({
    enabled: z.boolean(),
    started_at: z.string().nullable(),
    day: z.number().int().nullable(),
    today_limit: z.number().int(),
    daily_limit: z.number().int(),
    /** Days until the ramp reaches the daily limit (0: reached; null: warm-up off). */
    days_to_full: z.number().int().nullable(),
  }),
  sent_today: z.number().int(),
  /** Active or scheduled campaigns sending from it, and how many track opens or clicks. */
  campaigns: z.object({ total: z.number().int(), tracking: z.number().int() }),
});
export type InboxDeliverability = z.infer<typeof InboxDeliverability>;

export const Thresholds = z.object({
  window_days: z.number().int(),
  min_sends: z.number().int(),
  complaint_max: z.number(),
  complaint_target: z.number(),
  bounce_max: z.number(),
  bounce_pause: z.number(),
});
export type Thresholds = z.infer<typeof Thresholds>;

export const OneClickReadiness = z.object({
  status: CheckStatus,
  summary: z.string(),
  tracking_url: z.string(),
  /** Every email carries List-Unsubscribe and List-Unsubscribe-Post (sending.compose.ts). */
  headers_added: z.boolean(),
});
export type OneClickReadiness = z.infer<typeof OneClickReadiness>;

export const DeliverabilityQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export type DeliverabilityQuery = z.infer<typeof DeliverabilityQuery>;

export const DeliverabilityOverview = z.object({
  domains: z.array(DomainReport),
  inboxes: z.array(InboxDeliverability),
  inbox_total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  one_click: OneClickReadiness,
  thresholds: Thresholds,
  ttl_seconds: z.number().int(),
  /** The latest check run (progress while it runs). */
  run: RefreshRun.nullable(),
});
export type DeliverabilityOverview = z.infer<typeof DeliverabilityOverview>;

export const BlocklistDomain = z.object({
  domain: z.string(),
  /** The SMTP hosts of its inboxes and the addresses looked up. */
  hosts: z.array(z.object({ host: z.string(), ips: z.array(z.string()) })),
  checks: z.array(DomainCheck),
});
export const BlocklistReport = z.object({
  ip_zones: z.array(z.string()),
  domain_zones: z.array(z.string()),
  domains: z.array(BlocklistDomain),
  run: RefreshRun.nullable(),
});
export type BlocklistReport = z.infer<typeof BlocklistReport>;

export const TrendsQuery = z.object({
  days: z.coerce.number().int().min(7).max(180).default(30),
  domain: DomainName.optional(),
});
export type TrendsQuery = z.infer<typeof TrendsQuery>;

export const TrendDay = z.object({
  date: z.string(),
  domain: z.string(),
  sent: z.number().int(),
  bounces: z.number().int(),
  complaints: z.number().int(),
  bounce_rate: z.number(),
  complaint_rate: z.number(),
  /** The checks as the day's last run left them (null: not checked that day). */
  checks: z.record(z.string(), CheckStatus).nullable(),
});
export type TrendDay = z.infer<typeof TrendDay>;
export const Trends = z.object({ days: z.number().int(), domains: z.array(z.string()), series: z.array(TrendDay) });
export type Trends = z.infer<typeof Trends>;

export const StoredMessage = z.object({
  id: z.string(),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  kind: z.string(),
  created_at: z.string(),
});
export const StoredMessages = z.object({
  items: z.array(StoredMessage),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type StoredMessages = z.infer<typeof StoredMessages>;

export const HeadersInput = z.object({ raw: z.string().min(1, "Paste the message headers").max(200_000, "At most 200,000 characters") });
export type HeadersInput = z.infer<typeof HeadersInput>;

export const AuthResult = z.object({
  /** The header it was read from: Authentication-Results, ARC-Authentication-Results, Received-SPF, DKIM-Signature. */
  source: z.string(),
  /** Who wrote it (authserv-id), when the header says. */
  by: z.string().nullable(),
  method: z.string(),
  result: z.string(),
  status: CheckStatus,
  properties: z.record(z.string(), z.string()),
  meaning: z.string(),
});
export type AuthResult = z.infer<typeof AuthResult>;

export const HeaderAnalysis = z.object({
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  from_domain: z.string().nullable(),
  results: z.array(AuthResult),
  alignment: z.object({
    spf_domain: z.string().nullable(),
    dkim_domains: z.array(z.string()),
    spf_aligned: z.boolean().nullable(),
    dkim_aligned: z.boolean().nullable(),
    meaning: z.string(),
  }),
  verdict: z.object({ status: CheckStatus, summary: z.string() }),
  notes: z.array(z.string()),
});
export type HeaderAnalysis = z.infer<typeof HeaderAnalysis>;
