/**
 * Pipeline stages of a workspace: ordered, each with a default probability and an outcome (won,
 * lost or open). A workspace gets the default pipeline when it is created ("organizations.created")
 * and, for workspaces older than the CRM, on the first read; both are idempotent.
 */
import type { CrmStage, StageCreate, StageOrder, StageUpdate } from "@prospector/contracts";
import type { z } from "zod";
import { type Db, transaction } from "../../db/client.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid, newId } from "../../platform/ids.ts";
import { syncClosedAt } from "./crm.deals.repository.ts";
import { type DealsChangedCtx, dealsChanged } from "./crm.hooks.ts";
import { type StageRow, toStage } from "./crm.mapper.ts";
import * as repo from "./crm.stages.repository.ts";

type Ctx = { db: Db };
type WriteCtx = Ctx & DealsChangedCtx;

/** The pipeline a workspace starts with (name, default probability, outcome). */
export const DEFAULT_STAGES: readonly { name: string; probability: number; isWon?: boolean; isLost?: boolean }[] = [
  { name: "Lead in", probability: 10 },
  { name: "Qualified", probability: 25 },
  { name: "Meeting booked", probability: 40 },
  { name: "Proposal", probability: 60 },
  { name: "Negotiation", probability: 80 },
  { name: "Won", probability: 100, isWon: true },
  { name: "Lost", probability: 0, isLost: true },
];

/** Inserts the default stages unless the workspace has stages; safe to run twice at once. */
export async function seedDefaultStages(tx: Db, workspaceId: string): Promise<void> {
  const existing = await repo.listStages(tx, workspaceId);
  if (existing.length > 0) return;
  await repo.insertStagesIfAbsent(
    tx,
    DEFAULT_STAGES.map((s, i) => ({
      id: newId(),
      workspaceId,
      name: s.name,
      position: i,
      probability: s.probability,
      isWon: !!s.isWon,
      isLost: !!s.isLost,
    })),
  );
}

/** The workspace's stages in board order, creating the defaults on first use. */
export async function stageRows(ctx: Ctx, workspaceId: string): Promise<StageRow[]> {
  const rows = await repo.listStages(ctx.db, workspaceId);
  if (rows.length > 0) return rows;
  await transaction(ctx.db, (tx) => seedDefaultStages(tx, workspaceId));
  return repo.listStages(ctx.db, workspaceId);
}

export async function listStages(ctx: Ctx, workspaceId: string): Promise<CrmStage[]> {
  return (await stageRows(ctx, workspaceId)).map(toStage);
}

const isOpen = (s: Pick<StageRow, "isWon" | "isLost">) => !s.isWon && !s.isLost;

/** A stage id that is not a stage of the workspace is a 422 naming the field (the stage list is the choice). */
export async function resolveStage(
  ctx: Ctx,
  workspaceId: string,
  by: { stage_id?: string | undefined; stage?: string | undefined },
): Promise<StageRow | undefined> {
  if (by.stage_id !== undefined) {
    const row = isUuid(by.stage_id) ? await repo.getStage(ctx.db, workspaceId, by.stage_id) : undefined;
    if (!row) throw validationError([{ field: "stage_id", message: "Not a stage of this workspace's pipeline" }]);
    if (by.stage !== undefined && by.stage.toLowerCase() !== row.name.toLowerCase())
      throw validationError([{ field: "stage", message: `stage_id names the stage "${row.name}", not "${by.stage}"` }]);
    return row;
  }
  if (by.stage !== undefined) {
    await stageRows(ctx, workspaceId);
    const row = await repo.findStageByName(ctx.db, workspaceId, by.stage);
    if (!row) throw validationError([{ field: "stage", message: `No stage named "${by.stage}" in this pipeline` }]);
    return row;
  }
  return undefined;
}

/** Where a new deal goes when no stage is given: the first open stage. */
export async function firstOpenStage(ctx: Ctx, workspaceId: string): Promise<StageRow> {
  const first = (await stageRows(ctx, workspaceId)).find(isOpen);
  // Unreachable through the API (the last open stage cannot go), but a hand-edited database can.
  if (!first) throw new AppError("CRM_LAST_OPEN_STAGE", "The pipeline has no open stage: add one first");
  return first;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}
const nameTaken = (name: string) =>
  new AppError("CRM_STAGE_NAME_EXISTS", `A stage named "${name}" already exists`, {
    errors: [{ field: "name", message: `A stage named "${name}" already exists` }],
  });

async function afterWrite<T>(ctx: WriteCtx, workspaceId: string, work: () => Promise<T>, name?: string): Promise<T> {
  let out: T;
  try {
    out = await work();
  } catch (err) {
    if (name && isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
  await dealsChanged(ctx, workspaceId);
  return out;
}

export async function createStage(ctx: WriteCtx, workspaceId: string, input: z.output<typeof StageCreate>): Promise<CrmStage> {
  await stageRows(ctx, workspaceId);
  return afterWrite(
    ctx,
    workspaceId,
    () =>
      transaction(ctx.db, async (tx) => {
        const stages = await repo.lockStages(tx, workspaceId);
        if (stages.some((s) => s.name.toLowerCase() === input.name.toLowerCase())) throw nameTaken(input.name);
        const at = Math.min(input.position ?? stages.length, stages.length);
        const row = await repo.insertStage(tx, {
          id: newId(),
          workspaceId,
          name: input.name,
          probability: input.probability,
          isWon: input.is_won,
          isLost: input.is_lost,
          position: stages.length,
        });
        const ordered = [...stages];
        ordered.splice(at, 0, row);
        await repo.setPositions(tx, workspaceId, ordered);
        return toStage({ ...row, position: at });
      }),
    input.name,
  );
}

async function lockedStage(tx: Db, workspaceId: string, id: string) {
  const stages = await repo.lockStages(tx, workspaceId);
  const stage = isUuid(id) ? stages.find((s) => s.id === id) : undefined;
  if (!stage) throw new AppError("CRM_STAGE_NOT_FOUND");
  return { stages, stage };
}

export async function updateStage(ctx: WriteCtx, workspaceId: string, id: string, input: z.output<typeof StageUpdate>): Promise<CrmStage> {
  return afterWrite(
    ctx,
    workspaceId,
    () =>
      transaction(ctx.db, async (tx) => {
        const { stages, stage } = await lockedStage(tx, workspaceId, id);
        const next = { isWon: input.is_won ?? stage.isWon, isLost: input.is_lost ?? stage.isLost };
        // Turning one flag on turns the other off, so {is_won: true} on a lost stage just works.
        if (input.is_won && input.is_lost === undefined) next.isLost = false;
        if (input.is_lost && input.is_won === undefined) next.isWon = false;
        if (next.isWon && next.isLost) throw validationError([{ field: "is_lost", message: "A stage cannot be both won and lost" }]);
        if (isOpen(stage) && !isOpen(next) && stages.filter(isOpen).length === 1) throw new AppError("CRM_LAST_OPEN_STAGE");
        if (input.name && stages.some((s) => s.id !== id && s.name.toLowerCase() === input.name!.toLowerCase()))
          throw nameTaken(input.name);
        const row = await repo.updateStage(tx, workspaceId, id, {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.probability !== undefined && { probability: input.probability }),
          isWon: next.isWon,
          isLost: next.isLost,
        });
        if (isOpen(stage) !== isOpen(next)) await syncClosedAt(tx, workspaceId, id, !isOpen(next));
        return toStage(row as StageRow);
      }),
    input.name,
  );
}

/** Refused while deals are in the stage (409 with their count) and for the pipeline's last open stage. */
export async function deleteStage(ctx: WriteCtx, workspaceId: string, id: string): Promise<void> {
  await afterWrite(ctx, workspaceId, () =>
    transaction(ctx.db, async (tx) => {
      const { stages, stage } = await lockedStage(tx, workspaceId, id);
      const n = await repo.dealsInStage(tx, workspaceId, id);
      if (n > 0)
        throw new AppError(
          "CRM_STAGE_IN_USE",
          `${n} deal${n === 1 ? " is" : "s are"} in the stage "${stage.name}": move ${n === 1 ? "it" : "them"} to another stage first`,
          { count: n },
        );
      if (isOpen(stage) && stages.filter(isOpen).length === 1) throw new AppError("CRM_LAST_OPEN_STAGE");
      await repo.deleteStage(tx, workspaceId, id);
      await repo.setPositions(
        tx,
        workspaceId,
        stages.filter((s) => s.id !== id),
      );
    }),
  );
}

/** The new order must list every stage of the workspace exactly once. */
export async function reorderStages(ctx: WriteCtx, workspaceId: string, input: StageOrder): Promise<CrmStage[]> {
  await stageRows(ctx, workspaceId);
  return afterWrite(ctx, workspaceId, () =>
    transaction(ctx.db, async (tx) => {
      const stages = await repo.lockStages(tx, workspaceId);
      const byId = new Map(stages.map((s) => [s.id, s]));
      if (input.stage_ids.length !== stages.length || input.stage_ids.some((sid) => !byId.has(sid)))
        throw new AppError("CRM_STAGE_ORDER_INVALID", undefined, {
          errors: [{ field: "stage_ids", message: `List each of the ${stages.length} stages of the pipeline exactly once` }],
        });
      const ordered = input.stage_ids.map((sid) => byId.get(sid) as StageRow);
      await repo.setPositions(tx, workspaceId, ordered);
      return ordered.map((s, i) => toStage({ ...s, position: i }));
    }),
  );
}
