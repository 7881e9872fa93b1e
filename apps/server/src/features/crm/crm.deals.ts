/**
 * Deal rules: create, read, update, move on the board, delete, bulk delete, the list and the stage
 * history. Entering a stage records it (crm_deal_stage_history, stage_entered_at) and sets or
 * clears closed_at; every write tells the pipeline through "crm.dealsChanged" once committed.
 */
import type {
  CrmBulkDeleteResult,
  CrmDeal,
  DealCreate,
  DealHistoryEntry,
  DealListQuery,
  DealMove,
  DealUpdate,
} from "@prospector/contracts";
import type { z } from "zod";
import { type Db, transaction } from "../../db/client.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid, newId } from "../../platform/ids.ts";
import * as deals from "./crm.deals.repository.ts";
import { dealsChanged } from "./crm.hooks.ts";
import { type DealRow, type DealValues, dealValues, type StageRow, toDeal, toHistory } from "./crm.mapper.ts";
import * as customers from "./crm.repository.ts";
import { type Ctx, checkLinks, type WriteCtx } from "./crm.service.ts";
import { firstOpenStage, resolveStage, stageRows } from "./crm.stages.ts";

type CreateInput = z.output<typeof DealCreate>;
type UpdateInput = z.output<typeof DealUpdate>;

/** Gap between cards appended to a column; a drop between two cards takes the midpoint. */
const STEP = 1024;
/** Below this gap a midpoint loses precision: the column is spread out again first. */
const MIN_GAP = 1e-6;

/** The API's deals: each row with its stage (name, status, probability) and customer's name. */
export async function decorate(db: Db, workspaceId: string, rows: DealRow[]): Promise<CrmDeal[]> {
  if (rows.length === 0) return [];
  const stages = new Map((await stageRows({ db }, workspaceId)).map((s) => [s.id, s]));
  const names = await customers.customerNames(db, workspaceId, [...new Set(rows.map((r) => r.customerId).filter((x): x is string => !!x))]);
  return rows.map((deal) => {
    const stage = stages.get(deal.stageId) as StageRow;
    return toDeal({ deal, stage, customerName: deal.customerId ? (names.get(deal.customerId) ?? null) : null });
  });
}

export async function listDeals(ctx: Ctx, workspaceId: string, q: DealListQuery): Promise<{ deals: CrmDeal[]; total: number }> {
  const { rows, total } = await deals.listDeals(ctx.db, workspaceId, q);
  return { deals: await decorate(ctx.db, workspaceId, rows), total };
}

export async function dealRow(db: Db, workspaceId: string, id: string): Promise<DealRow> {
  const row = isUuid(id) ? await deals.getDeal(db, workspaceId, id) : undefined;
  if (!row) throw new AppError("CRM_DEAL_NOT_FOUND");
  return row;
}

export async function getDeal(ctx: Ctx, workspaceId: string, id: string): Promise<CrmDeal> {
  const [d] = await decorate(ctx.db, workspaceId, [await dealRow(ctx.db, workspaceId, id)]);
  return d as CrmDeal;
}

const closes = (s: Pick<StageRow, "isWon" | "isLost">) => s.isWon || s.isLost;

/** The next free place at the bottom of a column. */
async function bottomOf(tx: Db, workspaceId: string, stageId: string): Promise<number> {
  const last = await deals.lastPosition(tx, workspaceId, stageId);
  return last === null ? 0 : last + STEP;
}

/**
 * Inserts a deal inside the caller's transaction (conversion uses it too): its stage (given, or
 * the first open one), checked links, the bottom of the column, and its first history entry.
 */
export async function insertDeal(
  tx: Db,
  workspaceId: string,
  userId: string | null,
  input: Omit<Partial<CreateInput>, "name"> & { name: string },
): Promise<DealRow> {
  const stage = (await resolveStage({ db: tx }, workspaceId, input)) ?? (await firstOpenStage({ db: tx }, workspaceId));
  await checkLinks(tx, workspaceId, input);
  const now = new Date();
  const row = await deals.insertDeal(tx, {
    ...dealValues(input),
    name: input.name,
    id: newId(),
    workspaceId,
    stageId: stage.id,
    position: input.position ?? (await bottomOf(tx, workspaceId, stage.id)),
    stageEnteredAt: now,
    closedAt: closes(stage) ? now : null,
    createdBy: userId,
  });
  await deals.insertHistory(tx, { workspaceId, dealId: row.id, fromStageId: null, toStageId: stage.id, changedBy: userId, changedAt: now });
  return row;
}

export async function createDeal(
  ctx: WriteCtx,
  opts: { workspaceId: string; userId: string | null; input: CreateInput },
): Promise<CrmDeal> {
  const row = await transaction(ctx.db, (tx) => insertDeal(tx, opts.workspaceId, opts.userId, opts.input));
  await dealsChanged(ctx, opts.workspaceId);
  return getDeal(ctx, opts.workspaceId, row.id);
}

/** Values that move a deal into `to` (history row written here), at `position` or the column's bottom. */
async function enterStage(
  tx: Db,
  workspaceId: string,
  current: DealRow,
  to: StageRow,
  userId: string | null,
  position: number | undefined,
): Promise<DealValues> {
  if (to.id === current.stageId) return position === undefined ? {} : { position };
  const now = new Date();
  await deals.insertHistory(tx, {
    workspaceId,
    dealId: current.id,
    fromStageId: current.stageId,
    toStageId: to.id,
    changedBy: userId,
    changedAt: now,
  });
  return {
    stageId: to.id,
    stageEnteredAt: now,
    closedAt: closes(to) ? now : null,
    position: position ?? (await bottomOf(tx, workspaceId, to.id)),
  };
}

async function lockedDeal(tx: Db, workspaceId: string, id: string): Promise<DealRow> {
  const row = isUuid(id) ? await deals.lockDeal(tx, workspaceId, id) : undefined;
  if (!row) throw new AppError("CRM_DEAL_NOT_FOUND");
  return row;
}

/** PUT: partial. A new stage (stage_id or stage name) moves the deal to the bottom of that column unless `position` is given. */
export async function updateDeal(
  ctx: WriteCtx,
  caller: { workspaceId: string; userId: string | null },
  id: string,
  input: UpdateInput,
): Promise<CrmDeal> {
  const { workspaceId } = caller;
  await transaction(ctx.db, async (tx) => {
    const current = await lockedDeal(tx, workspaceId, id);
    const stage = await resolveStage({ db: tx }, workspaceId, input);
    await checkLinks(tx, workspaceId, input);
    const moved = stage
      ? await enterStage(tx, workspaceId, current, stage, caller.userId, input.position)
      : input.position === undefined
        ? {}
        : { position: input.position };
    const values = { ...dealValues(input), ...moved };
    if (Object.keys(values).length > 0) await deals.updateDeal(tx, workspaceId, id, values);
  });
  await dealsChanged(ctx, workspaceId);
  return getDeal(ctx, workspaceId, id);
}

/** A neighbour card named by the drop: a deal of the workspace in the target column. */
async function anchor(
  tx: Db,
  workspaceId: string,
  id: string | null | undefined,
  stageId: string,
  field: string,
): Promise<DealRow | undefined> {
  if (!id) return undefined;
  const row = await deals.getDeal(tx, workspaceId, id);
  if (!row || row.stageId !== stageId) throw validationError([{ field, message: "Not a deal in the target stage" }]);
  return row;
}

/** The position between the drop's neighbours (an explicit position wins; nothing named: the bottom). */
async function dropPosition(tx: Db, workspaceId: string, dealId: string, body: DealMove, retried = false): Promise<number | undefined> {
  if (body.position !== undefined) return body.position;
  const after = await anchor(tx, workspaceId, body.after_id, body.stage_id, "after_id");
  const before = await anchor(tx, workspaceId, body.before_id, body.stage_id, "before_id");
  if (!after && !before) return undefined;
  if (after?.id === dealId || before?.id === dealId)
    throw validationError([{ field: after?.id === dealId ? "after_id" : "before_id", message: "A deal cannot be dropped next to itself" }]);
  const lo = after ? after.position : await deals.neighbour(tx, workspaceId, body.stage_id, (before as DealRow).position, "prev", dealId);
  const hi = before ? before.position : await deals.neighbour(tx, workspaceId, body.stage_id, (after as DealRow).position, "next", dealId);
  if (lo === null) return (hi as number) - STEP;
  if (hi === null) return lo + STEP;
  if (hi - lo < MIN_GAP && !retried) {
    await deals.respaceColumn(tx, workspaceId, body.stage_id);
    return dropPosition(tx, workspaceId, dealId, body, true);
  }
  if (hi <= lo)
    throw validationError([{ field: "before_id", message: "The card named by before_id must be below the one named by after_id" }]);
  return (lo + hi) / 2;
}

/** The board's drag and drop: into a stage, between two cards (or at a position, or at the bottom). */
export async function moveDeal(
  ctx: WriteCtx,
  caller: { workspaceId: string; userId: string | null },
  id: string,
  body: DealMove,
): Promise<CrmDeal> {
  const { workspaceId } = caller;
  await transaction(ctx.db, async (tx) => {
    const current = await lockedDeal(tx, workspaceId, id);
    const stage = (await resolveStage({ db: tx }, workspaceId, { stage_id: body.stage_id })) as StageRow;
    const position = await dropPosition(tx, workspaceId, id, body);
    const values =
      stage.id === current.stageId
        ? { position: position ?? (await bottomOf(tx, workspaceId, stage.id)) }
        : await enterStage(tx, workspaceId, current, stage, caller.userId, position);
    await deals.updateDeal(tx, workspaceId, id, values);
  });
  await dealsChanged(ctx, workspaceId);
  return getDeal(ctx, workspaceId, id);
}

export async function bulkDeleteDeals(ctx: WriteCtx, workspaceId: string, ids: string[]): Promise<CrmBulkDeleteResult> {
  const unique = [...new Set(ids)].filter(isUuid);
  const gone = new Set(await transaction(ctx.db, (tx) => deals.deleteDeals(tx, workspaceId, unique)));
  if (gone.size > 0) await dealsChanged(ctx, workspaceId);
  return { deleted: gone.size, not_found: [...new Set(ids)].filter((i) => !gone.has(i)), deals_detached: 0, deals_deleted: gone.size };
}

export async function deleteDeal(ctx: WriteCtx, workspaceId: string, id: string): Promise<void> {
  const result = await bulkDeleteDeals(ctx, workspaceId, [id]);
  if (result.deleted === 0) throw new AppError("CRM_DEAL_NOT_FOUND");
}

export async function dealHistory(ctx: Ctx, workspaceId: string, id: string): Promise<DealHistoryEntry[]> {
  await dealRow(ctx.db, workspaceId, id);
  return (await deals.dealHistory(ctx.db, workspaceId, id)).map(toHistory);
}
