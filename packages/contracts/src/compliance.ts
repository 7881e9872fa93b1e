/** Request and response shapes of compliance: data-subject export and erasure, consent and suppression, retention, the CAN-SPAM footer, audit export (docs/compliance.md). */
import { z } from "zod";

export const ComplianceRequestKind = z.enum(["export", "erasure"]);
export type ComplianceRequestKind = z.infer<typeof ComplianceRequestKind>;
export const ComplianceSubjectType = z.enum(["lead", "user"]);
export type ComplianceSubjectType = z.infer<typeof ComplianceSubjectType>;
export const ComplianceRequestStatus = z.enum(["queued", "running", "completed", "failed"]);
export type ComplianceRequestStatus = z.infer<typeof ComplianceRequestStatus>;

/** One data-subject request. The subject is kept only as a salted hash: never the plain address. */
export const ComplianceRequest = z.object({
  id: z.string(),
  kind: ComplianceRequestKind,
  subject_type: ComplianceSubjectType,
  subject_hash: z.string(),
  requested_by: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  status: ComplianceRequestStatus,
  progress: z.number().int().min(0).max(100),
  /** Rows removed or redacted per table (erasure), or records exported per section (export). */
  counts: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
  /** An export's file is ready and not yet expired. */
  downloadable: z.boolean(),
  downloaded_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ComplianceRequest = z.infer<typeof ComplianceRequest>;

export const ComplianceRequestPage = z.object({ items: z.array(ComplianceRequest), next_cursor: z.string().nullable() });
export type ComplianceRequestPage = z.infer<typeof ComplianceRequestPage>;

export const ComplianceRequestListQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ComplianceRequestListQuery = z.infer<typeof ComplianceRequestListQuery>;

/** A lead by id or by email address, or a member of the workspace by user id. */
export const ComplianceSubjectInput = z
  .object({
    subject_type: ComplianceSubjectType,
    lead_id: z.string().optional(),
    email: z.string().trim().email().max(320).optional(),
    user_id: z.string().optional(),
  })
  .refine((v) => (v.subject_type === "user" ? Boolean(v.user_id) : Boolean(v.lead_id || v.email)), {
    message: "Name the lead (lead_id or email) or the member (user_id)",
    path: ["subject_type"],
  });
export type ComplianceSubjectInput = z.infer<typeof ComplianceSubjectInput>;

export const ComplianceExportInput = ComplianceSubjectInput;
export type ComplianceExportInput = ComplianceSubjectInput;

export const ComplianceErasureInput = z
  .object({
    subject_type: ComplianceSubjectType,
    lead_id: z.string().optional(),
    email: z.string().trim().email().max(320).optional(),
    /** A member of the workspace (docs/compliance.md, "Erasing a member"). */
    user_id: z.string().optional(),
    /** The person's email address typed again: an erasure cannot be undone. */
    confirm_email: z.string().trim().min(1).max(320),
  })
  .refine((v) => v.subject_type === "user" || Boolean(v.lead_id || v.email), {
    message: "Name the lead (lead_id or email)",
    path: ["email"],
  })
  .refine((v) => v.subject_type === "lead" || Boolean(v.user_id), { message: "Name the member (user_id)", path: ["user_id"] });
export type ComplianceErasureInput = z.infer<typeof ComplianceErasureInput>;

export const SuppressionOverviewReason = z.enum(["unsubscribed", "bounced", "complained", "manual", "erasure"]);

export const ConsentOverview = z.object({
  suppression_by_reason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Suppression entries added per UTC day over the last 90 days. */
  suppression_by_day: z.array(z.object({ day: z.string(), reason: z.string(), count: z.number().int() })),
  recent_unsubscribes: z.array(z.object({ email: z.string(), campaign_id: z.string().nullable(), created_at: z.string() })),
  /** Campaigns that are sending or scheduled: whether each step's body carries {{unsubscribe_url}} (List-Unsubscribe is always added). */
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      has_unsubscribe_link: z.boolean(),
      list_unsubscribe_header: z.boolean(),
    }),
  ),
  footer_configured: z.boolean(),
  /** Leads by where they came from (the lead's source): the basis the product can show; consent itself is not recorded. */
  leads_by_source: z.array(z.object({ source: z.string(), count: z.number().int() })),
  total_leads: z.number().int(),
});
export type ConsentOverview = z.infer<typeof ConsentOverview>;

const days = z.number().int().min(1).max(3650).nullable();
/** Per-workspace retention rules, in days; null: kept until deleted by hand. */
export const RetentionRules = z.object({
  message_bodies_days: days,
  replies_days: days,
  ai_actions_days: days,
  finished_exports_days: days,
  unsubscribed_leads_days: days,
  security_events_days: days,
});
export type RetentionRules = z.infer<typeof RetentionRules>;

export const RetentionSettings = z.object({
  rules: RetentionRules,
  /** The workspace's data_retention_days user setting (spec: default 365), shown for reference (docs/compliance.md). */
  data_retention_days: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof RetentionSettings>;

export const RetentionRun = z.object({
  id: z.string(),
  trigger: z.enum(["schedule", "manual"]),
  status: ComplianceRequestStatus,
  progress: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof RetentionRun>;
export const RetentionRunPage = z.object({ items: z.array(RetentionRun), next_cursor: z.string().nullable() });
export type RetentionRunPage = z.infer<typeof RetentionRunPage>;

export const FooterSettings = z.object({
  postal_address: z.string().max(500),
  footer_text: z.string().max(2000),
  updated_at: z.string().nullable(),
});
export type FooterSettings = z.infer<typeof FooterSettings>;
export const FooterSettingsInput = z.object({
  postal_address: z.string().trim().max(500),
  footer_text: z.string().trim().max(2000),
});
export type FooterSettingsInput = z.infer<typeof FooterSettingsInput>;

export const AuditExportQuery = z.object({
  from: z.string().datetime({ offset: true }),
  to: z.string().datetime({ offset: true }),
  format: z.enum(["csv", "json"]).default("csv"),
});
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;
/** One line of the audit export: every source in one shape. */
export const AuditRecord = z.object({
  at: z.string(),
  source: z.enum(["access_audit", "workspace_activity", "security_alert", "security_incident", "compliance_request"]),
  actor: z.string().nullable(),
  action: z.string(),
  detail: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;
