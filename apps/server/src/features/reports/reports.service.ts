/**
 * The report builder's rules: saved definitions (validated by the analytics engine itself, names
 * unique per workspace), exports of saved or unsaved definitions, and the schedules that email a
 * report to members of the workspace, with a log of every delivery.
 */
import {
  type ReportDefinition,
  type ReportDelivery,
  ReportQuery,
  type ReportResult,
  type ReportSchedule,
  type ReportScheduleInput,
  type SavedReport,
  type SavedReportList,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { runReport } from "../analytics/index.ts";
import { type ReportFile, renderReport } from "./reports.export.ts";
import * as repo from "./reports.repository.ts";
import { assertTimeZone, nextRunAt, resolvePeriod } from "./reports.schedule.ts";

/** Rows an export may hold (the engine answers in pages of at most 1000). */
export const MAX_EXPORT_ROWS = 10_000;

type Ctx = Pick<AppContext, "db">;

// --- keyset cursors --------------------------------------------------------------------------

const encode = (k: { createdAt: Date; id: string }) => encodeKeyset(k.createdAt.toISOString(), k.id);
function decode(cursor: string | undefined): repo.Keyset | null {
  if (!cursor) return null;
  const [at, id] = decodeKeyset(cursor) ?? [];
  const createdAt = new Date(typeof at === "string" ? at : "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badCursor();
  return { createdAt, id };
}

// --- running a definition through the engine ------------------------------------------------

/** The engine's field errors, renamed to where they sit in the request (definition.metrics, …). */
function underDefinition(err: unknown): unknown {
  if (!(err instanceof AppError) || !err.extra.errors) return err;
  const errors = err.extra.errors.map((e) => ({
    ...e,
    field: e.field === "from" || e.field === "to" ? `definition.period.${e.field}` : `definition.${e.field}`,
  }));
  return new AppError(err.code, err.message, { ...err.extra, errors });
}

function engineQuery(def: ReportDefinition, now: Date, limit: number, cursor?: string) {
  const { from, to } = resolvePeriod(def.period, now);
  return ReportQuery.parse({
    metrics: def.metrics,
    dimensions: def.dimensions,
    filters: def.filters,
    sort: def.sort,
    from,
    to,
    limit,
    cursor,
  });
}

/** Runs the definition once (one row) so the engine rejects what it cannot answer, naming the field. */
export async function validateDefinition(ctx: AppContext, workspaceId: string, def: ReportDefinition, now = new Date()): Promise<void> {
  try {
    await runReport(ctx, workspaceId, engineQuery(def, now, 1));
  } catch (err) {
    throw underDefinition(err);
  }
}

/** Every row of the answer, page after page (an export is the whole report). */
export async function fullResult(ctx: AppContext, workspaceId: string, def: ReportDefinition, now = new Date()): Promise<ReportResult> {
  const page = async (cursor?: string) => {
    try {
      return await runReport(ctx, workspaceId, engineQuery(def, now, 1000, cursor));
    } catch (err) {
      throw underDefinition(err);
    }
  };
  const first = await page();
  const rows = [...first.rows];
  let cursor = first.next_cursor;
  while (cursor) {
    if (rows.length > MAX_EXPORT_ROWS) throw new AppError("REPORT_TOO_LARGE");
    const next = await page(cursor);
    rows.push(...next.rows);
    cursor = next.next_cursor;
  }
  if (rows.length > MAX_EXPORT_ROWS) throw new AppError("REPORT_TOO_LARGE");
  return { ...first, rows, next_cursor: null };
}

export async function exportDefinition(
  ctx: AppContext,
  workspaceId: string,
  name: string,
  def: ReportDefinition,
  format: "csv" | "xlsx" | "pdf",
  now = new Date(),
): Promise<{ file: ReportFile; rows: number; from: string; to: string }> {
  const result = await fullResult(ctx, workspaceId, def, now);
  const file = await renderReport(result, { name, chart: def.chart, generatedAt: now }, format);
  return { file, rows: result.rows.length, from: result.query.from, to: result.query.to };
}

// --- saved reports ---------------------------------------------------------------------------

function toSaved(row: { report: repo.SavedReportRow; creatorName: string | null }, schedules: number): SavedReport {
  const r = row.report;
  return {
    id: r.id,
    name: r.name,
    definition: r.definition,
    created_by: r.createdBy ? { id: r.createdBy, name: row.creatorName ?? "" } : null,
    schedules,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

async function findReport(ctx: Ctx, workspaceId: string, id: string) {
  const row = isUuid(id) ? await repo.findReport(ctx.db, workspaceId, id) : null;
  if (!row) throw new AppError("REPORT_NOT_FOUND");
  return row;
}

export async function listReports(ctx: Ctx, workspaceId: string, q: { limit: number; cursor?: string }): Promise<SavedReportList> {
  const rows = await repo.listReports(ctx.db, workspaceId, q.limit + 1, decode(q.cursor));
  const page = rows.slice(0, q.limit);
  const counts = await repo.scheduleCounts(
    ctx.db,
    page.map((r) => r.report.id),
  );
  const last = page.at(-1);
  return {
    reports: page.map((r) => toSaved(r, counts.get(r.report.id) ?? 0)),
    next_cursor: rows.length > q.limit && last ? encode(last.report) : null,
  };
}

export async function getReport(ctx: Ctx, workspaceId: string, id: string): Promise<SavedReport> {
  const row = await findReport(ctx, workspaceId, id);
  return toSaved(row, (await repo.scheduleCounts(ctx.db, [row.report.id])).get(row.report.id) ?? 0);
}

const nameTaken = () =>
  new AppError("REPORT_NAME_TAKEN", undefined, { errors: [{ field: "name", message: "A report with this name already exists" }] });

export async function createReport(
  ctx: AppContext,
  auth: AuthContext,
  body: { name: string; definition: ReportDefinition },
): Promise<SavedReport> {
  await validateDefinition(ctx, auth.workspaceId, body.definition);
  const row = await repo.insertReport(ctx.db, {
    workspaceId: auth.workspaceId,
    name: body.name,
    definition: body.definition,
    createdBy: auth.userId,
  });
  if (!row) throw nameTaken();
  return getReport(ctx, auth.workspaceId, row.id);
}

export async function updateReport(
  ctx: AppContext,
  workspaceId: string,
  id: string,
  body: { name?: string; definition?: ReportDefinition },
): Promise<SavedReport> {
  const current = await findReport(ctx, workspaceId, id);
  const definition = body.definition ?? current.report.definition;
  if (body.definition) await validateDefinition(ctx, workspaceId, definition);
  const name = body.name ?? current.report.name;
  if (name !== current.report.name && (await repo.nameTaken(ctx.db, workspaceId, name, id))) throw nameTaken();
  try {
    await repo.updateReport(ctx.db, workspaceId, id, { name, definition });
  } catch (err) {
    // Two renames racing to one name: the unique index decides.
    if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === "23505") throw nameTaken();
    throw err;
  }
  return getReport(ctx, workspaceId, id);
}

export async function deleteReport(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteReport(ctx.db, workspaceId, id))) throw new AppError("REPORT_NOT_FOUND");
}

export async function exportSaved(ctx: AppContext, workspaceId: string, id: string, format: "csv" | "xlsx" | "pdf") {
  const row = await findReport(ctx, workspaceId, id);
  return exportDefinition(ctx, workspaceId, row.report.name, row.report.definition, format);
}

// --- schedules -------------------------------------------------------------------------------

/** A delivery's state as the reader sees it: its own progress, then the mails it queued. */
export async function deliveryView(ctx: Ctx, rows: { delivery: repo.DeliveryRow; reportName: string }[]): Promise<ReportDelivery[]> {
  const states = await repo.mailStates(
    ctx.db,
    rows.flatMap((r) => Object.values(r.delivery.mailIds)),
  );
  return rows.map(({ delivery: d, reportName }) => {
    const recipients = d.recipients.map((email) => {
      const id = d.mailIds[email];
      const s = id ? states.get(id) : undefined;
      return { email, status: s?.status ?? ("queued" as const), error: s?.error ?? null };
    });
    let status: ReportDelivery["status"];
    let error = d.error;
    if (d.status === "failed") status = "failed";
    else if (d.status === "preparing") status = d.error ? "retrying" : "preparing";
    else if (recipients.some((r) => r.status === "failed")) {
      status = "failed";
      error = recipients.find((r) => r.status === "failed")?.error ?? error;
    } else if (recipients.some((r) => r.status === "queued")) {
      const retrying = recipients.find((r) => r.status === "queued" && r.error);
      status = retrying ? "retrying" : "queued";
      error = retrying?.error ?? error;
    } else status = recipients.every((r) => r.status === "sent") ? "sent" : "local";
    return {
      id: d.id,
      schedule_id: d.scheduleId,
      report_id: d.reportId,
      report_name: reportName,
      slot: d.slot.toISOString(),
      manual: d.manual,
      format: d.format,
      period_from: d.periodFrom,
      period_to: d.periodTo,
      rows: d.rows,
      recipients,
      status,
      error,
      attempts: d.attempts,
      created_at: d.createdAt.toISOString(),
    };
  });
}

function toSchedule(row: repo.ScheduleRow, last: ReportDelivery | undefined): ReportSchedule {
  return {
    id: row.id,
    report_id: row.reportId,
    frequency: row.frequency,
    hour: row.hour,
    weekday: row.weekday,
    monthday: row.monthday,
    timezone: row.timezone,
    recipients: row.recipients,
    format: row.format,
    enabled: row.enabled,
    next_run_at: row.enabled ? (row.nextRunAt?.toISOString() ?? null) : null,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    last_status: last?.status ?? null,
    last_error: last?.error ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function schedulesView(ctx: Ctx, reportName: string, rows: repo.ScheduleRow[]): Promise<ReportSchedule[]> {
  const latest = await repo.latestDeliveries(
    ctx.db,
    rows.map((r) => r.id),
  );
  const views = await deliveryView(
    ctx,
    latest.map((delivery) => ({ delivery, reportName })),
  );
  return rows.map((r) =>
    toSchedule(
      r,
      views.find((v) => v.schedule_id === r.id),
    ),
  );
}

export async function recipientOptions(ctx: Ctx, workspaceId: string) {
  return { members: await repo.memberEmails(ctx.db, workspaceId) };
}

/** Only members of the workspace receive its reports: a schedule cannot leak figures to any address. */
async function assertMembers(ctx: Ctx, workspaceId: string, recipients: string[]): Promise<string[]> {
  const members = new Set((await repo.memberEmails(ctx.db, workspaceId)).map((m) => m.email.toLowerCase()));
  const errors = recipients.flatMap((email, i) =>
    members.has(email.toLowerCase()) ? [] : [{ field: `recipients.${i}`, message: `${email} is not a member of this workspace` }],
  );
  if (errors.length > 0) throw validationError(errors);
  return [...new Set(recipients.map((e) => e.toLowerCase()))];
}

type ScheduleBody = z.output<typeof ReportScheduleInput>;

function rule(body: ScheduleBody) {
  assertTimeZone(body.timezone);
  return {
    frequency: body.frequency,
    hour: body.hour,
    weekday: body.frequency === "weekly" ? body.weekday : null,
    monthday: body.frequency === "monthly" ? body.monthday : null,
    timezone: body.timezone,
  };
}

export async function listSchedules(ctx: Ctx, workspaceId: string, reportId: string): Promise<ReportSchedule[]> {
  const report = await findReport(ctx, workspaceId, reportId);
  return schedulesView(ctx, report.report.name, await repo.listSchedules(ctx.db, workspaceId, report.report.id));
}

export async function createSchedule(
  ctx: Ctx,
  auth: AuthContext,
  reportId: string,
  body: ScheduleBody,
  now = new Date(),
): Promise<ReportSchedule> {
  const report = await findReport(ctx, auth.workspaceId, reportId);
  const r = rule(body);
  const recipients = await assertMembers(ctx, auth.workspaceId, body.recipients);
  const row = await repo.insertSchedule(ctx.db, {
    workspaceId: auth.workspaceId,
    reportId: report.report.id,
    ...r,
    recipients,
    format: body.format,
    enabled: body.enabled,
    createdBy: auth.userId,
    nextRunAt: nextRunAt(r, now),
  });
  return toSchedule(row, undefined);
}

async function findSchedule(ctx: Ctx, workspaceId: string, id: string) {
  const row = isUuid(id) ? await repo.findSchedule(ctx.db, workspaceId, id) : null;
  if (!row) throw new AppError("REPORT_SCHEDULE_NOT_FOUND");
  return row;
}

export async function updateSchedule(
  ctx: Ctx,
  workspaceId: string,
  id: string,
  body: ScheduleBody,
  now = new Date(),
): Promise<ReportSchedule> {
  const current = await findSchedule(ctx, workspaceId, id);
  const r = rule(body);
  const recipients = await assertMembers(ctx, workspaceId, body.recipients);
  const row = await repo.updateSchedule(ctx.db, current.id, {
    ...r,
    recipients,
    format: body.format,
    enabled: body.enabled,
    nextRunAt: nextRunAt(r, now),
  });
  const report = await findReport(ctx, workspaceId, current.reportId);
  return (await schedulesView(ctx, report.report.name, [row ?? current]))[0] as ReportSchedule;
}

export async function deleteSchedule(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteSchedule(ctx.db, workspaceId, id))) throw new AppError("REPORT_SCHEDULE_NOT_FOUND");
}

export async function listDeliveries(ctx: Ctx, workspaceId: string, q: { limit: number; cursor?: string; report_id?: string }) {
  const rows = await repo.listDeliveries(ctx.db, workspaceId, q.report_id, q.limit + 1, decode(q.cursor));
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { deliveries: await deliveryView(ctx, page), next_cursor: rows.length > q.limit && last ? encode(last.delivery) : null };
}
