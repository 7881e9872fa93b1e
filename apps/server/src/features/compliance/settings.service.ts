/**
 * The workspace's CAN-SPAM footer and postal address (applied by the sender through the
 * sending.footer hook), and its retention rules with the job that enforces them (docs/compliance.md).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type {
  FooterSettings,
  FooterSettingsInput,
  RetentionRules,
  RetentionRun,
  RetentionRunPage,
  RetentionSettings,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { expireFinishedExports } from "../data-exports/index.ts";
import { findUserSettings } from "../user-settings/index.ts";
import * as repo from "./compliance.repository.ts";

export const RETENTION_JOB = "compliance.retention";
type Ctx = Pick<AppContext, "db" | "config" | "jobs" | "log">;

const DAY = 86_400_000;
const EMPTY_RULES: RetentionRules = {
  message_bodies_days: null,
  replies_days: null,
  ai_actions_days: null,
  finished_exports_days: null,
  unsubscribed_leads_days: null,
  security_events_days: null,
};

export async function getFooter(ctx: Pick<AppContext, "db">, workspaceId: string): Promise<FooterSettings> {
  const row = await repo.findSettings(ctx.db, workspaceId);
  return { postal_address: row?.postalAddress ?? "", footer_text: row?.footerText ?? "", updated_at: row?.updatedAt.toISOString() ?? null };
}

export async function putFooter(ctx: Pick<AppContext, "db">, workspaceId: string, input: FooterSettingsInput): Promise<FooterSettings> {
  const row = await repo.upsertSettings(ctx.db, workspaceId, { postalAddress: input.postal_address, footerText: input.footer_text });
  return { postal_address: row.postalAddress, footer_text: row.footerText, updated_at: row.updatedAt.toISOString() };
}

/** What the sender appends to every campaign email; null when the workspace set neither. */
export async function campaignFooter(ctx: Pick<AppContext, "db">, workspaceId: string) {
  const row = await repo.findSettings(ctx.db, workspaceId);
  if (!row || (!row.footerText.trim() && !row.postalAddress.trim())) return null;
  return { text: row.footerText, postalAddress: row.postalAddress };
}

export async function getRetention(ctx: Pick<AppContext, "db">, auth: AuthContext): Promise<RetentionSettings> {
  const [row, settings] = await Promise.all([
    repo.findSettings(ctx.db, auth.workspaceId),
    findUserSettings(ctx, auth.userId, auth.workspaceId),
  ]);
  const stored = (settings?.preferences as { data_retention_days?: number } | undefined)?.data_retention_days;
  return {
    rules: { ...EMPTY_RULES, ...(row?.retention ?? {}) },
    data_retention_days: typeof stored === "number" ? stored : 365,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function putRetention(ctx: Pick<AppContext, "db">, auth: AuthContext, rules: RetentionRules): Promise<RetentionSettings> {
  await repo.upsertSettings(ctx.db, auth.workspaceId, { retention: rules });
  return getRetention(ctx, auth);
}

function toRun(r: repo.RunRow): RetentionRun {
  return {
    id: r.id,
    trigger: r.trigger,
    status: r.status,
    progress: r.progress,
    counts: r.counts,
    error: r.error,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export async function listRuns(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  q: { cursor?: string; limit: number },
): Promise<RetentionRunPage> {
  let after: { at: Date; id: string } | null = null;
  if (q.cursor) {
    const k = decodeKeyset(q.cursor);
    if (!k || typeof k[0] !== "number") throw badCursor();
    after = { at: new Date(k[0]), id: k[1] };
  }
  const rows = await repo.listRuns(ctx.db, workspaceId, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { items: page.map(toRun), next_cursor: rows.length > q.limit && last ? encodeKeyset(last.startedAt.getTime(), last.id) : null };
}

export async function getRun(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<RetentionRun> {
  const row = isUuid(id) ? await repo.findRun(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("COMPLIANCE_REQUEST_NOT_FOUND", "No such retention run in this workspace");
  return toRun(row);
}

/** "Run now": a run row and its job; the page follows its progress. */
export async function startRun(ctx: Ctx, workspaceId: string, trigger: "schedule" | "manual"): Promise<RetentionRun> {
  const run = await repo.insertRun(ctx.db, workspaceId, trigger);
  await ctx.jobs.send(RETENTION_JOB, { runId: run.id, workspaceId });
  return toRun(run);
}

const SQL_RULES: repo.RetentionRule[] = [
  "message_bodies_days",
  "replies_days",
  "ai_actions_days",
  "unsubscribed_leads_days",
  "security_events_days",
];

/** The job: applies every rule the workspace set, each to what is older than its cut-off, and logs the counts. */
export async function performRun(ctx: Ctx, job: { runId: string; workspaceId: string }, now = new Date()): Promise<void> {
  const run = await repo.findRun(ctx.db, job.workspaceId, job.runId);
  if (!run || run.status === "completed") return;
  await repo.updateRun(ctx.db, run.id, { status: "running", progress: 1 });
  try {
    const rules = { ...EMPTY_RULES, ...((await repo.findSettings(ctx.db, job.workspaceId))?.retention ?? {}) };
    const counts: Record<string, number> = {};
    const steps = [...SQL_RULES, "finished_exports_days"] as const;
    let i = 0;
    for (const rule of steps) {
      const days = rules[rule];
      i++;
      if (days == null) continue;
      const before = new Date(now.getTime() - days * DAY);
      if (rule === "finished_exports_days") {
        counts.data_exports = await expireFinishedExports(ctx, job.workspaceId, before);
        counts.compliance_exports = await expireComplianceExports(ctx, job.workspaceId, before);
      } else counts[rule.replace(/_days$/, "")] = await repo.applyRetention(ctx.db, job.workspaceId, rule, before);
      await repo.updateRun(ctx.db, run.id, { progress: Math.round((i / steps.length) * 100), counts });
    }
    await repo.updateRun(ctx.db, run.id, { status: "completed", progress: 100, counts, finishedAt: new Date() });
  } catch (err) {
    ctx.log.error({ err, runId: run.id }, "retention run failed");
    await repo.updateRun(ctx.db, run.id, {
      status: "failed",
      error: err instanceof Error ? err.message.slice(0, 500) : "The run failed",
      finishedAt: new Date(),
    });
  }
}

async function expireComplianceExports(ctx: Ctx, workspaceId: string, before: Date): Promise<number> {
  const rows = await repo.exportsWithFilesBefore(ctx.db, workspaceId, before);
  for (const r of rows) {
    if (r.filePath) await fs.rm(path.join(ctx.config.DATA_DIR, r.filePath), { force: true });
    await repo.updateRequest(ctx.db, r.id, { filePath: null });
  }
  return rows.length;
}

/** The daily ticker: queues a run for each workspace with rules whose last run is a day old. */
export async function retentionTick(ctx: Ctx, now = new Date()): Promise<number> {
  const due = await repo.claimDueRetention(ctx.db, now, DAY);
  for (const workspaceId of due) await startRun(ctx, workspaceId, "schedule");
  return due.length;
}
