/** Request and response shapes of threat detection: security events, detection rules and alerts (docs/security-operations.md). */
import { z } from "zod";

export const SecurityRuleId = z.enum([
  "brute_force",
  "credential_stuffing",
  "impossible_travel",
  "new_device",
  "api_key_volume",
  "api_key_new_address",
  "api_key_denied",
  "privilege_change",
]);
export type SecurityRuleId = z.infer<typeof SecurityRuleId>;

export const AlertSeverity = z.enum(["low", "medium", "high", "critical"]);
export type AlertSeverity = z.infer<typeof AlertSeverity>;

export const AlertStatus = z.enum(["new", "acknowledged", "resolved", "dismissed"]);
export type AlertStatus = z.infer<typeof AlertStatus>;

export const SignInOutcome = z.enum(["success", "bad_password", "unknown_account", "locked", "inactive", "two_factor_failed"]);
export type SignInOutcome = z.infer<typeof SignInOutcome>;

export const SecurityAlert = z.object({
  id: z.string(),
  /** Null: an instance-wide alert (only the instance admin sees it). */
  workspace_id: z.string().nullable(),
  rule: SecurityRuleId,
  severity: AlertSeverity,
  subject: z.string(),
  title: z.string(),
  status: AlertStatus,
  occurrences: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  incident_id: z.string().nullable(),
  handled_by: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type SecurityAlert = z.infer<typeof SecurityAlert>;

/** One alert with the rule's evidence: the events (capped), counts and the thresholds in force. */
export const SecurityAlertDetail = SecurityAlert.extend({ evidence: z.record(z.string(), z.unknown()) });
export type SecurityAlertDetail = z.infer<typeof SecurityAlertDetail>;

export const SecurityAlertPage = z.object({ items: z.array(SecurityAlert), next_cursor: z.string().nullable() });
export type SecurityAlertPage = z.infer<typeof SecurityAlertPage>;

export const SecurityAlertListQuery = z.object({
  status: AlertStatus.optional(),
  rule: SecurityRuleId.optional(),
  severity: AlertSeverity.optional(),
  since: z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(400).optional(),
});
export type SecurityAlertListQuery = z.input<typeof SecurityAlertListQuery>;

export const SecurityAlertAction = z.enum(["acknowledge", "resolve", "dismiss"]);
export type SecurityAlertAction = z.infer<typeof SecurityAlertAction>;

export const SecurityAlertActionInput = z.object({ note: z.string().trim().max(2000).optional() });
export type SecurityAlertActionInput = z.infer<typeof SecurityAlertActionInput>;

/** One threshold of a rule: its value in this workspace, the default and the allowed range. */
export const SecurityThreshold = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  default: z.number(),
  min: z.number(),
  max: z.number(),
});

export const SecurityRule = z.object({
  rule: SecurityRuleId,
  name: z.string(),
  explanation: z.string(),
  severity: AlertSeverity,
  enabled: z.boolean(),
  thresholds: z.array(SecurityThreshold),
  /** Why the rule cannot run here (e.g. "off: no GeoIP database"); null when it runs. */
  unavailable: z.string().nullable(),
});
export type SecurityRule = z.infer<typeof SecurityRule>;

export const SecurityRuleList = z.object({ items: z.array(SecurityRule) });
export type SecurityRuleList = z.infer<typeof SecurityRuleList>;

export const SecurityRuleUpdate = z.object({
  enabled: z.boolean().optional(),
  thresholds: z.record(z.string(), z.number().finite()).optional(),
});
export type SecurityRuleUpdate = z.infer<typeof SecurityRuleUpdate>;

export const DetectionRun = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  trigger: z.enum(["scheduled", "manual"]),
  window_from: z.string().nullable(),
  window_to: z.string().nullable(),
  steps_done: z.number().int(),
  steps_total: z.number().int(),
  alerts_raised: z.number().int(),
  alerts_updated: z.number().int(),
  events_pruned: z.number().int(),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type DetectionRun = z.infer<typeof DetectionRun>;

/** The latest run (null before the first) and whether the GeoIP database is loaded. */
export const DetectionStatus = z.object({ latest: DetectionRun.nullable(), geoip: z.string().nullable() });
export type DetectionStatus = z.infer<typeof DetectionStatus>;

export const SecurityEvent = z.object({
  id: z.string(),
  outcome: SignInOutcome,
  method: z.enum(["password", "sso", "two_factor"]),
  email: z.string(),
  user_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  at: z.string(),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

export const SecurityEventPage = z.object({ items: z.array(SecurityEvent), next_cursor: z.string().nullable() });
export type SecurityEventPage = z.infer<typeof SecurityEventPage>;

export const SecurityEventListQuery = z.object({
  outcome: SignInOutcome.optional(),
  email: z.string().trim().toLowerCase().min(1).max(320).optional(),
  ip: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(400).optional(),
});
export type SecurityEventListQuery = z.input<typeof SecurityEventListQuery>;

export const ThreatAnalyticsQuery = z.object({
  days: z.coerce
    .number()
    .pipe(z.union([z.literal(7), z.literal(30), z.literal(90)]))
    .default(7),
});
export type ThreatAnalyticsQuery = z.input<typeof ThreatAnalyticsQuery>;

export const ThreatAnalytics = z.object({
  days: z.number().int(),
  alerts_by_day: z.array(z.object({ day: z.string(), rule: SecurityRuleId, count: z.number().int() })),
  failed_sign_ins_by_day: z.array(z.object({ day: z.string(), failed: z.number().int(), succeeded: z.number().int() })),
  top_sources: z.array(z.object({ ip: z.string(), failed: z.number().int(), accounts: z.number().int(), country: z.string().nullable() })),
  targeted_accounts: z.array(z.object({ email: z.string(), failed: z.number().int(), sources: z.number().int() })),
  api_key_denials: z.array(z.object({ api_key_id: z.string(), name: z.string(), denied: z.number().int(), requests: z.number().int() })),
});
export type ThreatAnalytics = z.infer<typeof ThreatAnalytics>;
