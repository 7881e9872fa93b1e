/**
 * Task and interaction rules: create, read, partial update, delete, bulk delete and the paged
 * lists. Every linked id (customer, deal, lead, campaign, assignee) must be the workspace's: one
 * that is not is a 404 naming the field, and nothing is written. A task that becomes done gets
 * completed_at (cleared when it is reopened); a new reminder time re-arms the reminder.
 */
import type {
  CrmActivityBulkDeleteResult,
  CrmInteraction,
  CrmInteractionCreate,
  CrmInteractionListQuery,
  CrmInteractionUpdate,
  CrmTask,
  CrmTaskCreate,
  CrmTaskListQuery,
  CrmTaskUpdate,
  CrmTaskWorkload,
  CrmTaskWorkloadQuery,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { interactionValues, type TaskValues, taskValues, toDate, toInteraction, toTask } from "./crm-activity.mapper.ts";
import * as repo from "./crm-activity.repository.ts";

type Ctx = Pick<AppContext, "db">;
export interface Caller {
  workspaceId: string;
  userId: string;
}

type TaskCreateInput = z.output<typeof CrmTaskCreate>;
type TaskUpdateInput = z.output<typeof CrmTaskUpdate>;
type InteractionCreateInput = z.output<typeof CrmInteractionCreate>;
type InteractionUpdateInput = z.output<typeof CrmInteractionUpdate>;

const LINKS = [
  ["customer_id", "customer", "No such customer in this workspace"],
  ["deal_id", "deal", "No such deal in this workspace"],
  ["lead_id", "lead", "No such lead in this workspace"],
  ["campaign_id", "campaign", "No such campaign in this workspace"],
  ["assignee_id", "member", "The assignee must be a member of this workspace"],
] as const satisfies readonly (readonly [string, repo.LinkKind, string])[];

export type LinkFields = Partial<Record<(typeof LINKS)[number][0], string | null | undefined>>;

/** Throws CRM_ACTIVITY_LINK_NOT_FOUND (404) naming each linked id that is not the workspace's. */
export async function checkLinks(tx: repo.Tx, workspaceId: string, fields: LinkFields): Promise<void> {
  const errors: { field: string; message: string }[] = [];
  for (const [field, kind, message] of LINKS) {
    const id = fields[field];
    if (typeof id === "string" && !(await repo.linkExists(tx, workspaceId, kind, id))) errors.push({ field, message });
  }
  if (errors.length)
    throw new AppError("CRM_ACTIVITY_LINK_NOT_FOUND", errors.map((e) => `${e.field}: ${e.message}`).join("; "), { errors });
}

// ---------------------------------------------------------------- tasks

export async function listTasks(
  ctx: Ctx,
  caller: Caller,
  q: CrmTaskListQuery,
  now = new Date(),
): Promise<{ tasks: CrmTask[]; total: number }> {
  const { rows, total } = await repo.listTasks(ctx.db, caller.workspaceId, caller.userId, q, now);
  return { tasks: rows.map((r) => toTask(r.row, r.label)), total };
}

const WORKLOAD_MAX_DAYS = 92;

/**
 * The planning board's columns: every active member (zeros included) then nobody, with the median
 * of the members' due-in-window counts as the team's normal load. A window that is empty, reversed
 * or longer than 92 days is refused (CRM_TASK_WORKLOAD_WINDOW).
 */
export async function taskWorkload(ctx: Ctx, workspaceId: string, q: CrmTaskWorkloadQuery, now = new Date()): Promise<CrmTaskWorkload> {
  const from = toDate(q.from) as Date;
  const to = toDate(q.to) as Date;
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  if (!(days > 0) || days > WORKLOAD_MAX_DAYS) throw new AppError("CRM_TASK_WORKLOAD_WINDOW");
  const [counts, members] = await Promise.all([
    repo.countWorkload(ctx.db, workspaceId, from, to, now),
    repo.memberIds(ctx.db, workspaceId),
  ]);
  const byId = new Map(counts.map((c) => [c.assigneeId, c]));
  const row = (id: string | null) => {
    const c = byId.get(id);
    return { assignee_id: id, due_in_range: c?.dueInRange ?? 0, overdue: c?.overdue ?? 0, open: c?.open ?? 0 };
  };
  // A former member who still holds tasks keeps a column, so no task disappears from the board.
  const ids = [...members, ...counts.map((c) => c.assigneeId).filter((id): id is string => id !== null && !members.includes(id))];
  const rows = ids.map(row);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    rows: [...rows, row(null)],
    median_due_in_range: median(members.map((id) => row(id).due_in_range)),
  };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export async function getTask(ctx: Ctx, workspaceId: string, id: string): Promise<CrmTask> {
  const found = await repo.getTask(ctx.db, workspaceId, id);
  if (!found) throw new AppError("CRM_TASK_NOT_FOUND");
  return toTask(found.row, found.label);
}

/** completed_at follows the status: set when it becomes done, cleared when it leaves done. */
function completion(values: TaskValues, before: CrmTask["status"] | null, now: Date): TaskValues {
  if (!values.status || values.status === before) return values;
  return { ...values, completedAt: values.status === "done" ? now : null };
}

export async function createTask(ctx: Ctx, caller: Caller, input: TaskCreateInput): Promise<CrmTask> {
  const id = await transaction(ctx.db, async (tx) => {
    await checkLinks(tx, caller.workspaceId, input);
    const values = completion(taskValues(input), null, new Date());
    const row = await repo.insertTask(tx, {
      ...values,
      id: newId(),
      title: input.title,
      workspaceId: caller.workspaceId,
      createdBy: caller.userId,
    });
    return row.id;
  });
  return getTask(ctx, caller.workspaceId, id);
}

export async function updateTask(ctx: Ctx, workspaceId: string, id: string, input: TaskUpdateInput): Promise<CrmTask> {
  await transaction(ctx.db, async (tx) => {
    const current = await repo.getTask(tx, workspaceId, id);
    if (!current) throw new AppError("CRM_TASK_NOT_FOUND");
    await checkLinks(tx, workspaceId, input);
    let values = completion(taskValues(input), current.row.status, new Date());
    // A new reminder time is a new reminder: it goes out again when that time comes.
    if (values.remindAt !== undefined && values.remindAt?.getTime() !== current.row.remindAt?.getTime()) {
      values = { ...values, remindedAt: null };
    }
    if (Object.keys(values).length) await repo.updateTask(tx, workspaceId, id, values);
  });
  return getTask(ctx, workspaceId, id);
}

export async function deleteTask(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  const gone = await repo.deleteTasks(ctx.db, workspaceId, [id]);
  if (gone.length === 0) throw new AppError("CRM_TASK_NOT_FOUND");
}

export async function bulkDeleteTasks(ctx: Ctx, workspaceId: string, ids: string[]): Promise<CrmActivityBulkDeleteResult> {
  const unique = [...new Set(ids)];
  const gone = new Set(await repo.deleteTasks(ctx.db, workspaceId, unique));
  return { deleted: gone.size, not_found: unique.filter((i) => !gone.has(i)) };
}

// ---------------------------------------------------------------- interactions

export async function listInteractions(
  ctx: Ctx,
  workspaceId: string,
  q: CrmInteractionListQuery,
): Promise<{ interactions: CrmInteraction[]; total: number }> {
  const { rows, total } = await repo.listInteractions(ctx.db, workspaceId, q);
  return { interactions: rows.map((r) => toInteraction(r.row, r.label)), total };
}

export async function getInteraction(ctx: Ctx, workspaceId: string, id: string): Promise<CrmInteraction> {
  const found = await repo.getInteraction(ctx.db, workspaceId, id);
  if (!found) throw new AppError("CRM_INTERACTION_NOT_FOUND");
  return toInteraction(found.row, found.label);
}

export async function createInteraction(ctx: Ctx, caller: Caller, input: InteractionCreateInput): Promise<CrmInteraction> {
  const id = await transaction(ctx.db, async (tx) => {
    await checkLinks(tx, caller.workspaceId, input);
    const row = await repo.insertInteraction(tx, {
      ...interactionValues(input),
      id: newId(),
      subject: input.subject,
      type: input.type,
      workspaceId: caller.workspaceId,
      source: "manual",
      createdBy: caller.userId,
    });
    return row.id;
  });
  return getInteraction(ctx, caller.workspaceId, id);
}

export async function updateInteraction(ctx: Ctx, workspaceId: string, id: string, input: InteractionUpdateInput): Promise<CrmInteraction> {
  await transaction(ctx.db, async (tx) => {
    const current = await repo.getInteraction(tx, workspaceId, id);
    if (!current) throw new AppError("CRM_INTERACTION_NOT_FOUND");
    await checkLinks(tx, workspaceId, input);
    const values = interactionValues(input);
    if (Object.keys(values).length) await repo.updateInteraction(tx, workspaceId, id, values);
  });
  return getInteraction(ctx, workspaceId, id);
}

export async function deleteInteraction(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  const gone = await repo.deleteInteractions(ctx.db, workspaceId, [id]);
  if (gone.length === 0) throw new AppError("CRM_INTERACTION_NOT_FOUND");
}

export async function bulkDeleteInteractions(ctx: Ctx, workspaceId: string, ids: string[]): Promise<CrmActivityBulkDeleteResult> {
  const unique = [...new Set(ids)];
  const gone = new Set(await repo.deleteInteractions(ctx.db, workspaceId, unique));
  return { deleted: gone.size, not_found: unique.filter((i) => !gone.has(i)) };
}
