/**
 * Threat detection's alerts (docs/security-operations.md). An alert is what a detection rule found:
 * one open alert per rule and subject (a user, an address, an API key), its evidence updated while
 * the pattern goes on. `workspace_id` is null for an instance-wide alert (e.g. credential stuffing
 * against accounts that do not exist), which only the instance admin sees.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts, updatedAt } from "../../db/columns.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const securityAlerts = pgTable(
  "security_alerts",
  {
    id: id(),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    /** The detection rule's id (brute_force, credential_stuffing, impossible_travel, …). */
    rule: text("rule").notNull(),
    /** low | medium | high | critical */
    severity: text("severity").notNull(),
    /** What the alert is about, e.g. `user:<id>`, `ip:203.0.113.7`, `api_key:<id>`: one open alert per rule and subject. */
    subject: text("subject").notNull(),
    title: text("title").notNull(),
    /** The rule's findings: events, counts and the thresholds in force, as the rule wrote them. */
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull(),
    /** new | acknowledged | resolved | dismissed */
    status: text("status").notNull().default("new"),
    /** How many times the rule matched this subject while the alert was open. */
    occurrences: integer("occurrences").notNull().default(1),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    /** The incident opened from this alert, if any. */
    incidentId: uuid("incident_id"),
    handledBy: uuid("handled_by"),
    handledAt: ts("handled_at"),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("security_alerts_ws_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("security_alerts_ws_status_idx").on(t.workspaceId, t.status, t.createdAt),
    index("security_alerts_open_subject_idx").on(t.workspaceId, t.rule, t.subject, t.status),
  ],
);

/**
 * Sign-in attempts (the "identity.signInAttempted" hook): per user, not per workspace; alerts
 * resolve the user's workspaces. Pruned after 90 days by the detection job.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: id(),
    /** success | bad_password | unknown_account | locked | inactive | two_factor_failed */
    outcome: text("outcome").notNull(),
    /** password | sso | two_factor */
    method: text("method").notNull(),
    /** As typed, lower-cased. */
    email: text("email").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    at: createdAtMs(),
  },
  (t) => [
    index("security_events_at_idx").on(t.at, t.id),
    index("security_events_user_at_idx").on(t.userId, t.at),
    index("security_events_ip_at_idx").on(t.ip, t.at),
    index("security_events_email_at_idx").on(t.email, t.at),
  ],
);

/** A workspace's overrides of a rule's defaults (absent: the defaults in detection.rules.ts). */
export const securityRuleSettings = pgTable(
  "security_rule_settings",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    thresholds: jsonb("thresholds").$type<Record<string, number>>().notNull(),
    updatedBy: uuid("updated_by"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.rule] })],
);

/**
 * Detection runs (instance-wide: sign-ins are per user): each covers (window_from, window_to]; the
 * newest finished run's window_to is the watermark the next run starts from.
 */
export const securityDetectionRuns = pgTable(
  "security_detection_runs",
  {
    id: id(),
    /** queued | running | done | failed */
    status: text("status").notNull().default("queued"),
    /** scheduled | manual */
    trigger: text("trigger").notNull(),
    requestedBy: uuid("requested_by"),
    windowFrom: ts("window_from"),
    windowTo: ts("window_to"),
    stepsDone: integer("steps_done").notNull().default(0),
    stepsTotal: integer("steps_total").notNull().default(0),
    alertsRaised: integer("alerts_raised").notNull().default(0),
    alertsUpdated: integer("alerts_updated").notNull().default(0),
    eventsPruned: integer("events_pruned").notNull().default(0),
    error: text("error"),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    createdAt: createdAtMs(),
  },
  (t) => [
    index("security_detection_runs_created_idx").on(t.createdAt, t.id),
    index("security_detection_runs_status_idx").on(t.status, t.windowTo),
  ],
);
