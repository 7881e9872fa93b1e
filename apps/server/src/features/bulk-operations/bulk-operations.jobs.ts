/**
 * The bulk-operations runner (pg-boss queue `bulk-operations.run`): resolves the target into items
 * once, then processes them in chunks; after each chunk the counters and the cursor are saved, so a
 * job restarted after a crash carries on from the cursor (docs/bulk-operations.md, "Crashes").
 * Cancelling is seen between chunks. Undo walks the succeeded items the same way.
 */
import { BULK_ERRORS_KEPT, BULK_MAX_TARGETS, BULK_UNDO_WINDOW_MS, type LeadFilters } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { leadsPageAfter } from "../leads/index.ts";
import { chunkSize, type ItemResult, RUNNERS, UNDOERS } from "./bulk-operations.actions.ts";
import * as repo from "./bulk-operations.repository.ts";

export const BULK_QUEUE = "bulk-operations.run";
/** An operation untouched this long while queued or running is taken up again (a crashed worker). */
export const STALE_MS = 2 * 60 * 1000;
const RESOLVE_PAGE = 1000;

export interface BulkJob {
  operationId: string;
  undo?: boolean;
}

export function defineBulkJobs(ctx: AppContext): void {
  ctx.jobs.define<BulkJob>(BULK_QUEUE, (data) => runGuarded(ctx, data), {
    expireInSeconds: 60 * 60,
    // A failing chunk ends the operation with its reason (runGuarded); a dead process is taken up by the sweep.
    retryLimit: 0,
    batchSize: 1,
  });
}

/**
 * Runs the job; an error (not a crash: the process is still here) ends the operation as failed with
 * what it did so far, which stays undoable for the window, instead of retrying the same chunk forever.
 */
export async function runGuarded(ctx: AppContext, job: BulkJob): Promise<void> {
  try {
    await (job.undo ? runUndo(ctx, job.operationId) : runOperation(ctx, job.operationId));
  } catch (err) {
    ctx.log.error({ err, operation: job.operationId, undo: Boolean(job.undo) }, "bulk operation stopped on an error");
    const now = new Date();
    const op = await repo.getOperationById(ctx.db, job.operationId);
    if (!op) return;
    const error = "Stopped on an unexpected error; what was done is kept (the server log has the details)";
    if (job.undo) await repo.updateOperation(ctx.db, op.id, { undoStatus: "failed", error });
    else
      await repo.updateOperation(ctx.db, op.id, {
        status: "failed",
        error,
        finishedAt: now,
        undoUntil: op.undoable && op.succeeded > 0 ? new Date(now.getTime() + BULK_UNDO_WINDOW_MS) : null,
      });
  }
}

export function enqueue(ctx: Pick<AppContext, "jobs">, job: BulkJob): Promise<string | null> {
  return ctx.jobs.send(BULK_QUEUE, job);
}

/** Writes the items of a fresh operation: the target's leads or campaigns, missing ids as failed items. */
async function resolve(
  ctx: AppContext,
  op: repo.OperationRow,
): Promise<{ total: number; failed: number; errors: repo.OperationRow["errors"] }> {
  await repo.deleteItems(ctx.db, op.id);
  const target = op.target as { ids?: string[]; filter?: LeadFilters };
  let seq = 0;
  let failed = 0;
  const errors: repo.OperationRow["errors"] = [];
  if (target.ids) {
    const ids = [...new Set(target.ids)];
    for (let i = 0; i < ids.length; i += RESOLVE_PAGE) {
      const page = ids.slice(i, i + RESOLVE_PAGE);
      const labels =
        op.targetType === "leads"
          ? await repo.leadLabels(ctx.db, op.workspaceId, page)
          : await repo.campaignNames(ctx.db, op.workspaceId, page);
      const what = op.targetType === "leads" ? "Lead" : "Campaign";
      const items = page.map((id) => {
        const label = labels.get(id);
        if (label !== undefined) return { seq: seq++, targetId: id, label };
        failed++;
        const error = `${what} not found in this workspace`;
        if (errors.length < BULK_ERRORS_KEPT) errors.push({ id, label: id, error });
        return { seq: seq++, targetId: id, label: id, status: "failed" as const, error };
      });
      await repo.insertItems(ctx.db, op.id, items);
    }
    return { total: seq, failed, errors };
  }
  let after: string | null = null;
  for (;;) {
    const rows = await leadsPageAfter(ctx, op.workspaceId, target.filter ?? {}, after, RESOLVE_PAGE);
    if (rows.length === 0) break;
    if (seq + rows.length > BULK_MAX_TARGETS) throw new TooMany();
    await repo.insertItems(
      ctx.db,
      op.id,
      rows.map((r) => ({ seq: seq++, targetId: r.id, label: repo.leadLabel(r) })),
    );
    after = rows[rows.length - 1]!.id;
    await repo.updateOperation(ctx.db, op.id, { total: seq });
  }
  return { total: seq, failed, errors };
}

class TooMany extends Error {}

export async function runOperation(ctx: AppContext, operationId: string, opts: { maxChunks?: number } = {}): Promise<void> {
  let op = await repo.getOperationById(ctx.db, operationId);
  if (!op || (op.status !== "queued" && op.status !== "running")) return;
  const key = `${op.targetType}:${op.action}`;
  const runner = RUNNERS[key];
  if (!runner) {
    await repo.updateOperation(ctx.db, op.id, { status: "failed", error: `Unknown action ${key}`, finishedAt: new Date() });
    return;
  }
  op = (await repo.updateOperation(ctx.db, op.id, { status: "running", startedAt: op.startedAt ?? new Date() }))!;
  if (!op.resolved) {
    try {
      const r = await resolve(ctx, op);
      op = (await repo.updateOperation(ctx.db, op.id, {
        resolved: true,
        total: r.total,
        processed: r.failed,
        failed: r.failed,
        errors: r.errors,
        cursor: 0,
      }))!;
    } catch (err) {
      if (!(err instanceof TooMany)) throw err;
      await repo.deleteItems(ctx.db, op.id);
      await repo.updateOperation(ctx.db, op.id, {
        status: "failed",
        error: `The filter now matches more than ${BULK_MAX_TARGETS.toLocaleString("en")} leads: narrow it and run again`,
        finishedAt: new Date(),
      });
      return;
    }
  }
  const size = chunkSize(key);
  let chunks = 0;
  for (;;) {
    if (opts.maxChunks !== undefined && chunks >= opts.maxChunks) return;
    const current = await repo.getOperationById(ctx.db, op.id);
    if (current?.status !== "running") return;
    const items = await repo.itemsFrom(ctx.db, op.id, current.cursor, size);
    if (items.length === 0) break;
    const pending = items.filter((i) => i.status === "pending");
    const nextCursor = items[items.length - 1]!.seq + 1;
    const { results, inTx } = pending.length ? await runner(ctx, current, pending) : { results: [] };
    await transaction(ctx.db, async (tx) => {
      const all = inTx ? [...results, ...(await inTx(tx))] : results;
      await record(tx, current.id, current.workspaceId, all, pending, nextCursor);
    });
    chunks++;
  }
  const row = await repo.getOperationById(ctx.db, op.id);
  if (row?.status !== "running") return;
  const now = new Date();
  await repo.updateOperation(ctx.db, op.id, {
    status: "done",
    finishedAt: now,
    undoUntil: row.undoable && row.succeeded > 0 ? new Date(now.getTime() + BULK_UNDO_WINDOW_MS) : null,
  });
}

/** One chunk's results, the counters and the cursor, under the operation's row lock. */
async function record(tx: repo.Tx, id: string, workspaceId: string, results: ItemResult[], pending: repo.ItemRow[], cursor: number) {
  const op = (await repo.getOperation(tx, workspaceId, id, { lock: true }))!;
  const bySeq = new Map(pending.map((i) => [i.seq, i]));
  const errors = [...op.errors];
  let ok = 0;
  let bad = 0;
  await repo.updateItems(
    tx,
    id,
    results.map((r) => ({
      seq: r.seq,
      status: r.ok ? "succeeded" : "failed",
      error: r.ok ? null : (r.error ?? "Failed"),
      previous: r.previous ?? null,
    })),
  );
  for (const r of results) {
    const item = bySeq.get(r.seq)!;
    if (r.ok) ok++;
    else {
      bad++;
      if (errors.length < BULK_ERRORS_KEPT) errors.push({ id: item.targetId, label: item.label, error: r.error ?? "Failed" });
    }
  }
  await repo.updateOperation(tx, id, {
    cursor,
    processed: op.processed + ok + bad,
    succeeded: op.succeeded + ok,
    failed: op.failed + bad,
    errors,
  });
}

export async function runUndo(ctx: AppContext, operationId: string): Promise<void> {
  const op = await repo.getOperationById(ctx.db, operationId);
  if (op?.undoStatus !== "running") return;
  const key = `${op.targetType}:${op.action}`;
  const undoer = UNDOERS[key]!;
  const size = Math.min(chunkSize(key), 200);
  // A chunk the runner was recording when the operation was cancelled may land behind the undo's
  // cursor: once at the end, the undo looks again from the start.
  let rescans = 0;
  for (;;) {
    const current = (await repo.getOperationById(ctx.db, op.id))!;
    const items = await repo.itemsFrom(ctx.db, op.id, current.undoCursor, size, "succeeded");
    if (items.length === 0) {
      if (rescans++ < 2 && (await repo.itemsFrom(ctx.db, op.id, 0, 1, "succeeded")).length) {
        await repo.updateOperation(ctx.db, op.id, { undoCursor: 0 });
        continue;
      }
      break;
    }
    const results = await undoer(ctx, current, items);
    await transaction(ctx.db, async (tx) => {
      const locked = (await repo.getOperation(tx, current.workspaceId, current.id, { lock: true }))!;
      let ok = 0;
      let bad = 0;
      await repo.updateItems(
        tx,
        op.id,
        results.map((r) =>
          r.ok ? { seq: r.seq, status: "undone" as const } : { seq: r.seq, status: "undo_failed" as const, undoError: r.error ?? "Failed" },
        ),
      );
      for (const r of results) {
        if (r.ok) ok++;
        else bad++;
      }
      await repo.updateOperation(tx, op.id, {
        undoCursor: items[items.length - 1]!.seq + 1,
        undone: locked.undone + ok,
        undoFailed: locked.undoFailed + bad,
      });
    });
  }
  await repo.updateOperation(ctx.db, op.id, { undoStatus: "done", status: "undone", undoneAt: new Date() });
  await repo.clearSnapshots(ctx.db, op.id);
}

/** Takes up operations a crash left behind and drops snapshots whose undo window has ended. */
export async function sweep(ctx: AppContext): Promise<void> {
  for (const op of await repo.staleOperations(ctx.db, new Date(Date.now() - STALE_MS))) {
    await repo.updateOperation(ctx.db, op.id, { updatedAt: new Date() });
    await enqueue(ctx, { operationId: op.id, undo: op.undoStatus === "running" });
  }
  for (const id of await repo.expiredWithSnapshots(ctx.db, new Date())) await repo.clearSnapshots(ctx.db, id);
}
