/**
 * Threat detection's alerts (docs/security-operations.md). An alert is what a detection rule found:
 * one open alert per rule and subject (a user, an address, an API key), its evidence updated while
 * the pattern goes on. `workspace_id` is null for an instance-wide alert (e.g. credential stuffing
 * against accounts that do not exist), which only the instance admin sees.
 */
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
