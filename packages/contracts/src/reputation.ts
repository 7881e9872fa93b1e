/**
 * Contracts of the reputation feature (issue 15, docs/reputation.md): reputation over time per
 * sending domain and inbox (daily snapshots built from the workspace's own bounces, complaints,
 * unsubscribes and cached blocklist checks), threshold alerts, and the deliverability game (a score
 * per inbox from tasks checked against real data).
 */
import { z } from "zod";

/** The thresholds alerts fire on (rates over the trailing window of a snapshot). */
export const REPUTATION_THRESHOLDS = {
  /** Bounce rate above this is an alert (bulk-sender guidance: keep hard bounces under 2 %). */
  bounce_rate: 0.02,
  /** Complaint rate above this is a warning. */
  complaint_warn: 0.001,
  /** Complaint rate above this is critical (Gmail and Yahoo bulk-sender rules: under 0.3 %). */
  complaint_rate: 0.003,
  /** Rates say nothing below this many sends in the window: no rate alert is raised under it. */
  min_sends: 20,
  /** Days a snapshot's rates look back over (the day itself included). */
  window_days: 7,
} as const;

/** Days a backfill may rebuild at once, and how far back the history page looks. */
export const REPUTATION_MAX_DAYS = 90;

export const SubjectKind = z.enum(["domain", "inbox"]);
export type SubjectKind = z.infer<typeof SubjectKind>;

/** One day of one subject: that day's counts, the trailing window's rates, and the score. */
export const ReputationPoint = z.object({
  day: z.string(),
  sent: z.number(),
  bounces: z.number(),
  complaints: z.number(),
  unsubscribes: z.number(),
  window_sent: z.number(),
  bounce_rate: z.number(),
  complaint_rate: z.number(),
  unsubscribe_rate: z.number(),
  /** Blocklist zones listing the domain that day; null when not known (a day rebuilt from events, before checks were kept). */
  listed_on: z.array(z.string()).nullable(),
  score: z.number(),
});
export type ReputationPoint = z.infer<typeof ReputationPoint>;

export const ReputationSubject = z.object({
  kind: SubjectKind,
  /** The domain itself, or the inbox id. */
  id: z.string(),
  /** The domain, or the inbox's address. */
  label: z.string(),
  domain: z.string(),
  latest: ReputationPoint.nullable(),
  /** Score change against the snapshot 7 days earlier (null without one). */
  score_change_7d: z.number().nullable(),
  open_alerts: z.number(),
});
export type ReputationSubject = z.infer<typeof ReputationSubject>;

export const ReputationBackfill = z.object({
  status: z.enum(["idle", "queued", "running", "done", "failed"]),
  days: z.number(),
  done_days: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReputationBackfill = z.infer<typeof ReputationBackfill>;

export const ReputationOverviewQuery = z.object({
  kind: SubjectKind.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReputationOverviewQuery = z.infer<typeof ReputationOverviewQuery>;

export const ReputationOverview = z.object({
  subjects: z.array(ReputationSubject),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  /** Inboxes that really deliver (the local mailbox is left out): none means nothing to measure yet. */
  inboxes: z.number(),
  refreshed_at: z.string().nullable(),
  backfill: ReputationBackfill,
  thresholds: z.object({
    bounce_rate: z.number(),
    complaint_warn: z.number(),
    complaint_rate: z.number(),
    min_sends: z.number(),
    window_days: z.number(),
  }),
});
export type ReputationOverview = z.infer<typeof ReputationOverview>;

export const ReputationHistoryQuery = z.object({
  kind: SubjectKind,
  id: z.string().min(1).max(320),
  days: z.coerce.number().int().min(7).max(REPUTATION_MAX_DAYS).default(30),
});
export type ReputationHistoryQuery = z.infer<typeof ReputationHistoryQuery>;

export const ReputationHistory = z.object({
  kind: SubjectKind,
  id: z.string(),
  label: z.string(),
  days: z.number(),
  points: z.array(ReputationPoint),
});
export type ReputationHistory = z.infer<typeof ReputationHistory>;

export const ReputationAlertKind = z.enum(["bounce_rate", "complaint_rate", "blocklisted"]);
export type ReputationAlertKind = z.infer<typeof ReputationAlertKind>;

export const ReputationAlert = z.object({
  id: z.string(),
  subject_kind: SubjectKind,
  subject_id: z.string(),
  subject_label: z.string(),
  kind: ReputationAlertKind,
  level: z.enum(["warning", "critical"]),
  /** The rate (0–1) when it fired, or null for a listing. */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  /** The blocklist zone of a listing. */
  zone: z.string().nullable(),
  message: z.string(),
  opened_at: z.string(),
  /** When the condition cleared; null while it still holds. */
  resolved_at: z.string().nullable(),
});
export type ReputationAlert = z.infer<typeof ReputationAlert>;

export const ReputationAlertsQuery = z.object({
  status: z.enum(["open", "resolved", "all"]).default("all"),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReputationAlertsQuery = z.infer<typeof ReputationAlertsQuery>;

export const ReputationAlertList = z.object({
  alerts: z.array(ReputationAlert),
  total: z.number(),
  open: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ReputationAlertList = z.infer<typeof ReputationAlertList>;

export const ReputationBackfillInput = z.object({
  days: z
    .number("Say how many days to rebuild")
    .int("Whole days")
    .min(1, "At least 1 day")
    .max(REPUTATION_MAX_DAYS, `At most ${REPUTATION_MAX_DAYS} days`),
});
export type ReputationBackfillInput = z.infer<typeof ReputationBackfillInput>;

// ---- the deliverability game ----

export const GameTaskKey = z.enum([
  "spf",
  "dkim",
  "dmarc",
  "not_blocklisted",
  "safe_cap",
  "warmup",
  "clean_bounces",
  "low_complaints",
  "unsubscribe_footer",
  "imap",
]);
export type GameTaskKey = z.infer<typeof GameTaskKey>;

export const GameTask = z.object({
  key: GameTaskKey,
  title: z.string(),
  done: z.boolean(),
  /** Why it is done or not, from the data that decided it. */
  why: z.string(),
  points: z.number(),
  earned: z.number(),
  /** Where to fix it in the app. */
  link: z.string(),
  link_label: z.string(),
  /** The first time it was seen done (kept when it later regresses). */
  first_done_at: z.string().nullable(),
});
export type GameTask = z.infer<typeof GameTask>;

export const GameInbox = z.object({
  inbox_id: z.string(),
  email: z.string(),
  domain: z.string(),
  score: z.number(),
  tasks_done: z.number(),
  tasks: z.array(GameTask),
});
export type GameInbox = z.infer<typeof GameInbox>;

export const GameLevel = z.object({
  level: z.number(),
  name: z.string(),
  /** The workspace score the next level starts at; null at the top. */
  next_at: z.number().nullable(),
});
export type GameLevel = z.infer<typeof GameLevel>;

export const GameQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type GameQuery = z.infer<typeof GameQuery>;

export const GameBoard = z.object({
  /** Mean of the inboxes' scores (0–100); null without an inbox that delivers. */
  score: z.number().nullable(),
  level: GameLevel.nullable(),
  /** Days in a row, up to today, the workspace score stayed at or above STREAK_SCORE. */
  streak_days: z.number(),
  streak_score: z.number(),
  tasks_done: z.number(),
  tasks_total: z.number(),
  /** Tasks ever completed in this workspace, newest first (at most 10). */
  recent_completions: z.array(z.object({ inbox_email: z.string(), key: GameTaskKey, title: z.string(), first_done_at: z.string() })),
  inboxes: z.array(GameInbox),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  evaluated_at: z.string(),
});
export type GameBoard = z.infer<typeof GameBoard>;
