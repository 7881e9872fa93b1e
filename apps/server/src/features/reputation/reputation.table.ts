/**
 * Tables of the reputation feature (docs/reputation.md): one snapshot per subject (sending domain or
 * inbox) and day, the alerts a crossed threshold opened (one open alert per subject and condition,
 * so a crossing notifies once), the workspace's refresh and backfill state, and the deliverability
 * game's task completions and daily scores.
 */
import type { GameTaskKey, ReputationAlertKind, ReputationBackfill, SubjectKind } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, real, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, ts } from "../../db/columns.ts";
import { inboxes } from "../inboxes/inboxes.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

/**
 * One day of one subject. The day's own counts, and the trailing window's sums (REPUTATION_THRESHOLDS.window_days)
 * the rates and the score are computed from. listed_on is null for a day rebuilt from events (blocklist
 * checks are not kept per day); an inbox's history stays after the inbox is deleted (subject_id is text).
 */
export const reputationSnapshots = pgTable(
  "reputation_snapshots",
  {
    id: id(),
    workspaceId: workspaceId(),
    subjectKind: text("subject_kind").$type<SubjectKind>().notNull(),
    /** The domain, or the inbox id. */
    subjectId: text("subject_id").notNull(),
    label: text("label").notNull(),
    domain: text("domain").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    sent: integer("sent").notNull().default(0),
    bounces: integer("bounces").notNull().default(0),
    complaints: integer("complaints").notNull().default(0),
    unsubscribes: integer("unsubscribes").notNull().default(0),
    windowSent: integer("window_sent").notNull().default(0),
    windowBounces: integer("window_bounces").notNull().default(0),
    windowComplaints: integer("window_complaints").notNull().default(0),
    windowUnsubscribes: integer("window_unsubscribes").notNull().default(0),
    listedOn: text("listed_on").array(),
    score: integer("score").notNull(),
    computedAt: ts("computed_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reputation_snapshots_key_uq").on(t.workspaceId, t.subjectKind, t.subjectId, t.day),
    index("reputation_snapshots_ws_day_idx").on(t.workspaceId, t.day),
  ],
);

/** A crossed threshold: open while the condition holds (resolved_at null), resolved when it clears. */
export const reputationAlerts = pgTable(
  "reputation_alerts",
  {
    id: id(),
    workspaceId: workspaceId(),
    subjectKind: text("subject_kind").$type<SubjectKind>().notNull(),
    subjectId: text("subject_id").notNull(),
    subjectLabel: text("subject_label").notNull(),
    kind: text("kind").$type<ReputationAlertKind>().notNull(),
    /** kind, or blocklisted:<zone>: one open alert per subject and key. */
    alertKey: text("alert_key").notNull(),
    level: text("level").$type<"warning" | "critical">().notNull(),
    value: real("value"),
    threshold: real("threshold"),
    zone: text("zone"),
    message: text("message").notNull(),
    openedAt: ts("opened_at").notNull().defaultNow(),
    resolvedAt: ts("resolved_at"),
    /** When the crossing (or its escalation to critical) was sent as notifications. */
    notifiedAt: ts("notified_at"),
  },
  (t) => [
    uniqueIndex("reputation_alerts_open_uq").on(t.workspaceId, t.subjectKind, t.subjectId, t.alertKey).where(sql`${t.resolvedAt} is null`),
    index("reputation_alerts_ws_opened_idx").on(t.workspaceId, t.openedAt),
  ],
);

/** Per workspace: when snapshots were last refreshed (claimed by one process), and the backfill job's progress. */
export const reputationState = pgTable("reputation_state", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  refreshedAt: ts("refreshed_at"),
  claimedAt: ts("claimed_at"),
  backfillStatus: text("backfill_status").$type<ReputationBackfill["status"]>().notNull().default("idle"),
  backfillDays: integer("backfill_days").notNull().default(0),
  backfillDoneDays: integer("backfill_done_days").notNull().default(0),
  backfillStartedAt: ts("backfill_started_at"),
  backfillFinishedAt: ts("backfill_finished_at"),
  backfillError: text("backfill_error"),
});

/** The game's tasks per inbox: done now or not, and when first done (kept when a task regresses). */
export const reputationGameTasks = pgTable(
  "reputation_game_tasks",
  {
    id: id(),
    workspaceId: workspaceId(),
    inboxId: uuid("inbox_id")
      .notNull()
      .references(() => inboxes.id, { onDelete: "cascade" }),
    task: text("task").$type<GameTaskKey>().notNull(),
    done: boolean("done").notNull(),
    firstDoneAt: ts("first_done_at"),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reputation_game_tasks_key_uq").on(t.inboxId, t.task),
    index("reputation_game_tasks_ws_done_idx").on(t.workspaceId, t.firstDoneAt),
  ],
);

/** The workspace's game score per day (the latest evaluation of the day), for the streak. */
export const reputationGameDays = pgTable(
  "reputation_game_days",
  {
    workspaceId: workspaceId(),
    day: date("day", { mode: "string" }).notNull(),
    score: integer("score").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);
