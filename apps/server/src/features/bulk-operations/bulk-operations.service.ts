/**
 * Bulk-operation rules: who may start which action, the target's preview count and cap, reading
 * operations and their items within the caller's workspace, cancel and undo (with its window).
 */
import {
  BULK_MAX_TARGETS,
  BULK_NOT_UNDOABLE,
  BULK_UNDO_WINDOW_MS,
  type BulkItemList,
  type BulkItemListQuery,
  type BulkOperation,
  type BulkOperationList,
  type BulkOperationListQuery,
  type BulkPreview,
  CAMPAIGN_DELETE_NOT_UNDOABLE,
  type CampaignBulkRequest,
  type LeadBulkRequest,
  LeadListQuery,
  type LeadTarget,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { listLeads } from "../leads/index.ts";
import { enqueue } from "./bulk-operations.jobs.ts";
import * as repo from "./bulk-operations.repository.ts";

type Ctx = AppContext;

const LABELS: Record<string, string> = {
  add_tags: "Add tags",
  remove_tags: "Remove tags",
  set_status: "Set status",
  add_to_campaign: "Add to campaign",
  remove_from_campaign: "Remove from campaign",
  enrich: "Enrich",
  delete: "Delete",
  pause: "Pause",
  resume: "Resume",
  stop: "Stop",
};

function notUndoableReason(targetType: string, action: string): string | null {
  if (targetType === "campaigns" && action === "delete") return CAMPAIGN_DELETE_NOT_UNDOABLE;
  return BULK_NOT_UNDOABLE[action as keyof typeof BULK_NOT_UNDOABLE] ?? null;
}

export function toOperation(r: repo.OperationRow, now = new Date()): BulkOperation {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: r.id,
    target_type: r.targetType,
    action: r.action,
    params: r.params,
    target_description: r.targetDescription,
    status: r.status,
    total: r.total,
    processed: r.processed,
    succeeded: r.succeeded,
    failed: r.failed,
    progress: r.total ? Math.floor((r.processed / r.total) * 100) : r.status === "done" ? 100 : 0,
    errors: r.errors,
    error: r.error,
    undoable: r.undoable,
    not_undoable_reason: r.undoable ? null : notUndoableReason(r.targetType, r.action),
    undo_until: iso(r.undoUntil),
    can_undo: canUndo(r, now),
    undo_status: r.undoStatus,
    undone: r.undone,
    undo_failed: r.undoFailed,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    started_at: iso(r.startedAt),
    finished_at: iso(r.finishedAt),
    undone_at: iso(r.undoneAt),
  };
}

const canUndo = (r: repo.OperationRow, now: Date) =>
  r.undoable &&
  r.undoStatus === null &&
  (r.status === "done" || r.status === "cancelled" || r.status === "failed") &&
  r.succeeded > 0 &&
  !!r.undoUntil &&
  r.undoUntil > now;

async function require(ctx: Ctx, auth: AuthContext, permission: string): Promise<void> {
  const [resource, action] = permission.split(":") as [string, string];
  if (!(await ctx.access.check(auth, resource, action)).allowed)
    throw new AppError("FORBIDDEN", undefined, { requiredPermission: permission });
}

/** How many of the workspace's leads the target names now. */
export async function previewLeads(ctx: Ctx, workspaceId: string, target: LeadTarget): Promise<BulkPreview> {
  let count: number;
  if ("ids" in target) count = (await repo.leadLabels(ctx.db, workspaceId, [...new Set(target.ids)])).size;
  else count = (await listLeads(ctx, workspaceId, LeadListQuery.parse({ ...target.filter, limit: 1 }))).total;
  return { count, cap: BULK_MAX_TARGETS, over_cap: count > BULK_MAX_TARGETS };
}

/** The filter as a person reads it: the campaign by its name. */
async function namedFilter(ctx: Ctx, workspaceId: string, f: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof f.campaign_id !== "string") return f;
  const { campaign_id, ...rest } = f;
  return { ...rest, campaign: (await repo.campaignNames(ctx.db, workspaceId, [campaign_id])).get(campaign_id) ?? campaign_id };
}

function describeFilter(f: Record<string, unknown>): string {
  const parts = Object.entries(f)
    .filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${Array.isArray(v) ? v.join(", ") : String(v)}`);
  return parts.join("; ");
}

export async function startLeadOperation(ctx: Ctx, auth: AuthContext, body: LeadBulkRequest): Promise<BulkOperation> {
  if (body.action === "delete") await require(ctx, auth, "leads:delete");
  if (body.action === "add_to_campaign" || body.action === "remove_from_campaign") {
    await require(ctx, auth, "campaigns:update");
    if (!(await repo.campaignStatus(ctx.db, auth.workspaceId, body.campaign_id))) throw new AppError("BULK_CAMPAIGN_NOT_FOUND");
  }
  const preview = await previewLeads(ctx, auth.workspaceId, body.target);
  if (preview.over_cap)
    throw new AppError(
      "BULK_TOO_MANY_TARGETS",
      `This selection matches ${preview.count.toLocaleString("en")} leads; one operation may change at most ${BULK_MAX_TARGETS.toLocaleString("en")}: narrow the filter`,
    );
  if (preview.count === 0) throw new AppError("BULK_NO_TARGETS", "No lead of this workspace matches this selection");
  const { action, target, ...params } = body;
  const filterText = "ids" in target ? "" : describeFilter(await namedFilter(ctx, auth.workspaceId, target.filter));
  const n = "ids" in target ? target.ids.length : 0;
  const who = "ids" in target ? `${n} selected lead${n === 1 ? "" : "s"}` : filterText ? `Leads where ${filterText}` : "All leads";
  const campaign =
    "campaign_id" in params
      ? (await repo.campaignNames(ctx.db, auth.workspaceId, [params.campaign_id])).get(params.campaign_id)
      : undefined;
  const what = [
    LABELS[action],
    "tags" in params ? params.tags.join(", ") : "",
    "status" in params ? `"${params.status}"` : "",
    campaign ? `"${campaign}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return create(
    ctx,
    auth,
    "leads",
    action,
    { ...params, ...(campaign ? { campaign_name: campaign } : {}) },
    target,
    `${what}: ${who}`,
    preview.count,
  );
}

export async function startCampaignOperation(ctx: Ctx, auth: AuthContext, body: CampaignBulkRequest): Promise<BulkOperation> {
  if (body.action === "delete") await require(ctx, auth, "campaigns:delete");
  const ids = [...new Set(body.target.ids)];
  const names = await repo.campaignNames(ctx.db, auth.workspaceId, ids);
  if (names.size === 0) throw new AppError("BULK_NO_TARGETS", "None of these campaigns exist in this workspace");
  const shown = [...names.values()].slice(0, 3).map((n) => `"${n}"`);
  const who = names.size > 3 ? `${shown.join(", ")} and ${names.size - 3} more` : shown.join(", ");
  return create(ctx, auth, "campaigns", body.action, {}, { ids }, `${LABELS[body.action]} ${who}`, ids.length);
}

async function create(
  ctx: Ctx,
  auth: AuthContext,
  targetType: "leads" | "campaigns",
  action: string,
  params: Record<string, unknown>,
  target: Record<string, unknown>,
  description: string,
  total: number,
): Promise<BulkOperation> {
  const row = await repo.insertOperation(ctx.db, {
    workspaceId: auth.workspaceId,
    targetType,
    action,
    params,
    target,
    targetDescription: description.slice(0, 500),
    total,
    undoable: notUndoableReason(targetType, action) === null,
    createdBy: auth.userId,
  });
  await enqueue(ctx, { operationId: row.id });
  return toOperation(row);
}

async function load(ctx: Ctx, workspaceId: string, id: string): Promise<repo.OperationRow> {
  const row = isUuid(id) ? await repo.getOperation(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("BULK_OPERATION_NOT_FOUND");
  return row;
}

export async function getOperation(ctx: Ctx, workspaceId: string, id: string): Promise<BulkOperation> {
  return toOperation(await load(ctx, workspaceId, id));
}

export async function listOperations(ctx: Ctx, workspaceId: string, q: BulkOperationListQuery): Promise<BulkOperationList> {
  const { rows, total } = await repo.listOperations(ctx.db, workspaceId, q);
  const now = new Date();
  return { operations: rows.map((r) => toOperation(r, now)), total, page: q.page, per_page: q.per_page };
}

export async function listItems(ctx: Ctx, workspaceId: string, id: string, q: BulkItemListQuery): Promise<BulkItemList> {
  const op = await load(ctx, workspaceId, id);
  const { rows, total } = await repo.listItems(ctx.db, op.id, q);
  return {
    items: rows.map((i) => ({
      seq: i.seq,
      target_id: i.targetId,
      label: i.label,
      status: i.status,
      error: i.error,
      undo_error: i.undoError,
    })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}

/** Changing an operation needs the permission of what it changes. */
const changePermission = (op: repo.OperationRow) => `${op.targetType}:update`;

export async function cancelOperation(ctx: Ctx, auth: AuthContext, id: string): Promise<BulkOperation> {
  const op = await load(ctx, auth.workspaceId, id);
  await require(ctx, auth, changePermission(op));
  const row = await repo.cancelOperation(ctx.db, auth.workspaceId, op.id, new Date(), BULK_UNDO_WINDOW_MS);
  if (!row) throw new AppError("BULK_NOT_CANCELLABLE", `This operation is already ${op.status} and cannot be cancelled`);
  return toOperation(row);
}

export async function undoOperation(ctx: Ctx, auth: AuthContext, id: string): Promise<BulkOperation> {
  const op = await load(ctx, auth.workspaceId, id);
  await require(ctx, auth, changePermission(op));
  if (op.action === "delete" && op.targetType === "leads") await require(ctx, auth, "leads:delete");
  if (!op.undoable) throw new AppError("BULK_NOT_UNDOABLE", notUndoableReason(op.targetType, op.action) ?? undefined);
  if (op.undoStatus !== null || op.status === "undone") throw new AppError("BULK_ALREADY_UNDONE");
  if (op.status === "queued" || op.status === "running")
    throw new AppError("BULK_NOT_UNDOABLE", "This operation is still running: cancel it first, then undo what it did");
  if (op.succeeded === 0) throw new AppError("BULK_NOT_UNDOABLE", "Nothing to undo: no item of this operation succeeded");
  if (!op.undoUntil || op.undoUntil <= new Date())
    throw new AppError(
      "BULK_UNDO_EXPIRED",
      `The undo window of this operation ended at ${op.undoUntil?.toISOString() ?? "its end"} (operations can be undone for 10 minutes)`,
    );
  const row = await repo.claimUndo(ctx.db, auth.workspaceId, op.id, auth.userId, new Date());
  if (!row) throw new AppError("BULK_ALREADY_UNDONE");
  await enqueue(ctx, { operationId: op.id, undo: true });
  return toOperation(row);
}
