/**
 * Incidents (docs/security-incidents.md): a security or operational incident with its owner and
 * state, its timeline (every change, comment and containment action, with the actor), and the
 * configuration scan's recorded runs (the score's history). The scan table lives here so the
 * security feature keeps one table file per part that owns rows.
 */
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const incidents = pgTable(
  "incidents",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** security | operations */
    kind: text("kind").$type<"security" | "operations">().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** low | medium | high | critical */
    severity: text("severity").$type<"low" | "medium" | "high" | "critical">().notNull(),
    /** open → investigating → contained → resolved → closed (docs/security-incidents.md, "States"). */
    status: text("status").$type<"open" | "investigating" | "contained" | "resolved" | "closed">().notNull().default("open"),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** The security alert it was opened from (no foreign key: alerts may be pruned). */
    sourceAlertId: uuid("source_alert_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
    resolvedAt: ts("resolved_at"),
  },
  (t) => [
    index("incidents_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("incidents_ws_status_created_idx").on(t.workspaceId, t.status, t.createdAt.desc(), t.id.desc()),
    index("incidents_ws_kind_created_idx").on(t.workspaceId, t.kind, t.createdAt.desc(), t.id.desc()),
    index("incidents_ws_assignee_created_idx").on(t.workspaceId, t.assigneeId, t.createdAt.desc(), t.id.desc()),
    index("incidents_ws_severity_created_idx").on(t.workspaceId, t.severity, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The timeline: created, status, severity, assignment, comment, action (containment), alert_linked. */
export const incidentEvents = pgTable(
  "incident_events",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** What changed (from/to), the comment's text, or the action with its target and result. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtMs(),
  },
  (t) => [index("incident_events_incident_idx").on(t.incidentId, t.createdAt, t.id)],
);

/** One recorded run of the configuration scan: the score and every check as it was. */
export const securityScans = pgTable(
  "security_scans",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    passed: integer("passed").notNull(),
    warned: integer("warned").notNull(),
    failed: integer("failed").notNull(),
    checks: jsonb("checks").$type<Record<string, unknown>[]>().notNull(),
    ranBy: uuid("ran_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtMs(),
  },
  (t) => [index("security_scans_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);
