/** Request and response shapes of incidents, containment actions and the configuration scan (docs/security-incidents.md). */
import { z } from "zod";

export const IncidentKind = z.enum(["security", "operations"]);
export type IncidentKind = z.infer<typeof IncidentKind>;
export const IncidentSeverity = z.enum(["low", "medium", "high", "critical"]);
export type IncidentSeverity = z.infer<typeof IncidentSeverity>;
export const IncidentStatus = z.enum(["open", "investigating", "contained", "resolved", "closed"]);
export type IncidentStatus = z.infer<typeof IncidentStatus>;

/**
 * Allowed moves forward (docs/security-incidents.md, "States"): any earlier state may skip ahead,
 * a resolved incident may be closed; going back (reopening) needs a reason.
 */
export const INCIDENT_STATUS_ORDER: readonly IncidentStatus[] = ["open", "investigating", "contained", "resolved", "closed"];

/** A move that goes back to an earlier state: a reopening, which needs a reason. */
export const isReopening = (from: IncidentStatus, to: IncidentStatus) =>
  INCIDENT_STATUS_ORDER.indexOf(to) < INCIDENT_STATUS_ORDER.indexOf(from);

export const IncidentPerson = z.object({ id: z.string(), name: z.string() });

export const Incident = z.object({
  id: z.string(),
  kind: IncidentKind,
  title: z.string(),
  description: z.string(),
  severity: IncidentSeverity,
  status: IncidentStatus,
  assignee: IncidentPerson.nullable(),
  source_alert_id: z.string().nullable(),
  created_by: IncidentPerson.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type Incident = z.infer<typeof Incident>;

export const IncidentPage = z.object({ items: z.array(Incident), next_cursor: z.string().nullable() });
export type IncidentPage = z.infer<typeof IncidentPage>;

export const IncidentEventType = z.enum(["created", "status", "severity", "assignment", "comment", "action", "alert_linked"]);
export type IncidentEventType = z.infer<typeof IncidentEventType>;

export const IncidentEvent = z.object({
  id: z.string(),
  type: IncidentEventType,
  actor: IncidentPerson.nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type IncidentEvent = z.infer<typeof IncidentEvent>;

export const IncidentDetail = Incident.extend({ timeline: z.array(IncidentEvent) });
export type IncidentDetail = z.infer<typeof IncidentDetail>;

const text = (max: number) => z.string().trim().min(1, "Required").max(max);

export const IncidentListQuery = z.object({
  status: IncidentStatus.optional(),
  severity: IncidentSeverity.optional(),
  kind: IncidentKind.optional(),
  assignee_id: z.uuid("Not a valid user id").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(400).optional(),
});
export type IncidentListQuery = z.input<typeof IncidentListQuery>;

/** By hand (title and severity required), or from an alert: the server copies the alert's title, severity and evidence. */
export const IncidentCreate = z
  .object({
    kind: IncidentKind.default("security"),
    title: text(200).optional(),
    description: z.string().trim().max(5000).optional(),
    severity: IncidentSeverity.optional(),
    assignee_id: z.uuid("Not a valid user id").nullable().optional(),
    alert_id: z.uuid("Not a valid alert id").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.alert_id) return;
    if (!v.title) ctx.addIssue({ code: "custom", path: ["title"], message: "A title is required (or create from an alert)" });
    if (!v.severity) ctx.addIssue({ code: "custom", path: ["severity"], message: "A severity is required (or create from an alert)" });
  });
export type IncidentCreate = z.input<typeof IncidentCreate>;

export const IncidentUpdate = z
  .object({
    status: IncidentStatus.optional(),
    severity: IncidentSeverity.optional(),
    assignee_id: z.uuid("Not a valid user id").nullable().optional(),
    /** Required when the status goes back (reopening). */
    reason: z.string().trim().min(1).max(2000).optional(),
  })
  .refine((v) => v.status !== undefined || v.severity !== undefined || v.assignee_id !== undefined, {
    message: "Nothing to change: send status, severity or assignee_id",
    path: ["status"],
  });
export type IncidentUpdate = z.input<typeof IncidentUpdate>;

export const IncidentComment = z.object({ body: text(5000) });
export type IncidentComment = z.input<typeof IncidentComment>;

export const ContainmentActionType = z.enum(["revoke_sessions", "disable_api_key", "lock_account", "unlock_account"]);
export type ContainmentActionType = z.infer<typeof ContainmentActionType>;

export const ContainmentAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("revoke_sessions"), user_id: z.uuid("Not a valid user id") }),
  z.object({ action: z.literal("lock_account"), user_id: z.uuid("Not a valid user id") }),
  z.object({ action: z.literal("unlock_account"), user_id: z.uuid("Not a valid user id") }),
  z.object({ action: z.literal("disable_api_key"), api_key_id: z.uuid("Not a valid API key id") }),
]);
export type ContainmentAction = z.input<typeof ContainmentAction>;

export const ContainmentResult = z.object({
  action: ContainmentActionType,
  target: z.object({ type: z.enum(["user", "api_key"]), id: z.string(), label: z.string() }),
  /** What happened, e.g. "3 sessions revoked". */
  result: z.string(),
  incident: IncidentDetail,
});
export type ContainmentResult = z.infer<typeof ContainmentResult>;

/** Who and what containment can act on: the workspace's members (locked ones too) and active API keys. */
export const ContainmentTargets = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), locked: z.boolean() })),
  api_keys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      owner: IncidentPerson.nullable(),
      last_used_at: z.string().nullable(),
    }),
  ),
});
export type ContainmentTargets = z.infer<typeof ContainmentTargets>;

// ---- The configuration scan ----

export const ScanCheckStatus = z.enum(["pass", "warn", "fail"]);
export type ScanCheckStatus = z.infer<typeof ScanCheckStatus>;

export const ScanCheck = z.object({
  id: z.string(),
  title: z.string(),
  status: ScanCheckStatus,
  /** Its share of the score (points out of the sum of all weights). */
  weight: z.number(),
  /** What was found: counts and names, never a secret. */
  evidence: z.string(),
  fix: z.string(),
  /** The page that fixes it; null when the fix is the server's environment (an operator's change). */
  fix_link: z.string().nullable(),
});
export type ScanCheck = z.infer<typeof ScanCheck>;

export const ScanResult = z.object({
  score: z.number().int().min(0).max(100),
  checks: z.array(ScanCheck),
  computed_at: z.string(),
});
export type ScanResult = z.infer<typeof ScanResult>;

export const ScanRun = z.object({
  id: z.string(),
  score: z.number().int(),
  passed: z.number().int(),
  warned: z.number().int(),
  failed: z.number().int(),
  ran_by: IncidentPerson.nullable(),
  created_at: z.string(),
});
export type ScanRun = z.infer<typeof ScanRun>;

export const ScanRunRecorded = ScanRun.extend({ checks: z.array(ScanCheck) });
export type ScanRunRecorded = z.infer<typeof ScanRunRecorded>;

export const ScanHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(400).optional(),
});
export const ScanHistory = z.object({ items: z.array(ScanRun), next_cursor: z.string().nullable() });
export type ScanHistory = z.infer<typeof ScanHistory>;
