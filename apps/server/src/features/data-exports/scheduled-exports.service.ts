/**
 * Scheduled exports: a cron expression (five fields, in the schedule's time zone) with export
 * options. The next run is computed here and shown; the ticker claims due schedules and starts
 * an ordinary export for the owner, with the owner's permissions as they are at that moment.
 * A schedule remembers the credential that made (or last changed) it: when that was an API key,
 * each run acts with the key's scopes and stops the schedule, with the reason shown, once the key
 * is deleted, deactivated, expired or no longer carries exports:create.
 */
import {
  ExportOptions,
  MAX_SCHEDULED_EXPORTS,
  type ScheduledExport,
  type ScheduledExportInput,
  type ScheduledExportUpdate,
} from "@prospector/contracts";
import { CronExpressionParser } from "cron-parser";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { scopesCover } from "../access/index.ts";
import { findApiKey } from "../api-keys/index.ts";
import { createDataExportsRepository, type ScheduledRow } from "./data-exports.repository.ts";
import { startExport } from "./data-exports.service.ts";

const MIN_GAP_MS = 60 * 60_000;
/** The scope an API key needs to make, change and keep running a scheduled export. */
export const SCHEDULED_EXPORT_SCOPE = "exports:create";
const TOO_FREQUENT = new Set(["@secondly", "@minutely"]);

/** The next run after `from`, or a field error explaining what is wrong with the schedule. */
export function nextRun(schedule: string, timezone: string, from: Date): Date {
  const expr = schedule.trim();
  if (!expr.startsWith("@") && expr.split(/\s+/).length !== 5) {
    throw validationError([{ field: "schedule", message: "Use five fields: minute hour day-of-month month day-of-week (e.g. 0 6 * * 1)" }]);
  }
  if (TOO_FREQUENT.has(expr)) throw validationError([{ field: "schedule", message: "Exports can run at most once an hour" }]);
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
  } catch {
    throw validationError([{ field: "timezone", message: `Unknown time zone "${timezone}"` }]);
  }
  let it: ReturnType<typeof CronExpressionParser.parse>;
  try {
    it = CronExpressionParser.parse(expr, { currentDate: from, tz: timezone });
  } catch (err) {
    throw validationError([{ field: "schedule", message: `Not a valid cron expression: ${(err as Error).message}` }]);
  }
  const runs = [it.next().toDate(), it.next().toDate(), it.next().toDate()];
  for (let i = 1; i < runs.length; i++) {
    if ((runs[i] as Date).getTime() - (runs[i - 1] as Date).getTime() < MIN_GAP_MS) {
      throw validationError([{ field: "schedule", message: "Exports can run at most once an hour" }]);
    }
  }
  return runs[0] as Date;
}

export function toScheduled(row: ScheduledRow): ScheduledExport {
  return {
    id: row.id,
    name: row.name,
    schedule: row.schedule,
    timezone: row.timezone,
    options: row.options,
    enabled: row.enabled,
    lastRun: row.lastRunAt?.toISOString() ?? null,
    nextRun: row.enabled ? (row.nextRunAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    createdWith: row.createdVia,
    stoppedReason: row.stoppedReason,
  };
}

/** What a schedule records about the credential of the request that creates or changes it. */
const credentialOf = (auth: AuthContext) =>
  auth.via === "api_key"
    ? { createdVia: "api_key" as const, apiKeyId: auth.apiKeyId ?? null }
    : { createdVia: "session" as const, apiKeyId: null };

const repoOf = (ctx: Pick<AppContext, "db">) => createDataExportsRepository(ctx.db);

/**
 * The context a due schedule runs with: the owner as they are now, narrowed to the API key that
 * made the schedule if a key did. A string is the reason the schedule must stop.
 */
async function runContext(ctx: Pick<AppContext, "db">, s: ScheduledRow): Promise<AuthContext | string | null> {
  const owner = await repoOf(ctx).ownerContext(s.userId, s.workspaceId);
  if (!owner) return null;
  if (s.createdVia === "session") return owner;
  const key = s.apiKeyId ? await findApiKey(ctx, s.apiKeyId) : null;
  if (!key || key.userId !== s.userId || key.workspaceId !== s.workspaceId) return "The API key that created this schedule was deleted";
  if (!key.isActive) return `The API key "${key.name}" that created this schedule was deactivated`;
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) return `The API key "${key.name}" that created this schedule has expired`;
  if (!scopesCover(key.permissions, SCHEDULED_EXPORT_SCOPE)) {
    return `The API key "${key.name}" that created this schedule no longer has the ${SCHEDULED_EXPORT_SCOPE} scope`;
  }
  return { ...owner, via: "api_key", scopes: key.permissions, apiKeyId: key.id };
}

async function findScheduled(ctx: Pick<AppContext, "db">, auth: AuthContext, id: string): Promise<ScheduledRow> {
  const row = isUuid(id) ? await repoOf(ctx).findScheduled(auth.userId, auth.workspaceId, id) : null;
  if (!row) throw new AppError("SCHEDULED_EXPORT_NOT_FOUND");
  return row;
}

export async function listScheduledExports(ctx: Pick<AppContext, "db">, auth: AuthContext): Promise<ScheduledExport[]> {
  return (await repoOf(ctx).listScheduled(auth.userId, auth.workspaceId)).map(toScheduled);
}

export async function createScheduledExport(
  ctx: Pick<AppContext, "db">,
  auth: AuthContext,
  body: z.output<typeof ScheduledExportInput>,
): Promise<ScheduledExport> {
  const repo = repoOf(ctx);
  if ((await repo.countScheduled(auth.userId)) >= MAX_SCHEDULED_EXPORTS) {
    throw validationError([{ field: "name", message: `At most ${MAX_SCHEDULED_EXPORTS} scheduled exports` }]);
  }
  const next = nextRun(body.schedule, body.timezone, new Date());
  const row = await repo.insertScheduled({
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    name: body.name,
    schedule: body.schedule.trim(),
    timezone: body.timezone,
    options: body.options as unknown as Record<string, unknown>,
    enabled: body.enabled,
    nextRunAt: next,
    ...credentialOf(auth),
  });
  return toScheduled(row);
}

export async function updateScheduledExport(
  ctx: Pick<AppContext, "db">,
  auth: AuthContext,
  id: string,
  body: z.output<typeof ScheduledExportUpdate>,
): Promise<ScheduledExport> {
  const row = await findScheduled(ctx, auth, id);
  const schedule = body.schedule?.trim() ?? row.schedule;
  const timezone = body.timezone ?? row.timezone;
  const enabled = body.enabled ?? row.enabled;
  const updated = await repoOf(ctx).updateScheduled(row.id, {
    name: body.name ?? row.name,
    schedule,
    timezone,
    enabled,
    options: body.options ? (body.options as unknown as Record<string, unknown>) : row.options,
    nextRunAt: nextRun(schedule, timezone, new Date()),
    updatedAt: new Date(),
    // From now on the schedule runs with whoever changed it; a stop reason is for the old credential.
    ...credentialOf(auth),
    stoppedReason: null,
  });
  return toScheduled(updated ?? row);
}

export async function removeScheduledExport(ctx: Pick<AppContext, "db">, auth: AuthContext, id: string): Promise<void> {
  await repoOf(ctx).removeScheduled((await findScheduled(ctx, auth, id)).id);
}

/** Starts every due schedule once; returns how many were due. */
export async function tickScheduledExports(ctx: AppContext, now = new Date()): Promise<number> {
  const repo = repoOf(ctx);
  const due = await repo.claimDueScheduled(now, (row) => {
    try {
      return nextRun(row.schedule, row.timezone, now);
    } catch {
      return null;
    }
  });
  for (const s of due) {
    const auth = await runContext(ctx, s);
    if (!auth) continue;
    if (typeof auth === "string") {
      await repo.updateScheduled(s.id, { enabled: false, stoppedReason: auth, updatedAt: new Date() });
      ctx.log.warn({ scheduledExportId: s.id, reason: auth }, "scheduled export stopped");
      continue;
    }
    try {
      await startExport(ctx, auth, ExportOptions.parse(s.options), s.id);
    } catch (err) {
      ctx.log.warn({ err, scheduledExportId: s.id }, "scheduled export not started");
    }
  }
  return due.length;
}
