/**
 * What each bulk action does to one chunk of items, and how it is undone. Tags and status are
 * written in the same transaction as the chunk's bookkeeping (exactly once, whatever crashes);
 * the rest go through the owning feature's service (its rules, locks, activity log) and are made
 * safe to re-run: an item records what it had before it is tried, and a re-tried item that
 * already shows the change counts as done.
 */
import type { LeadStatus } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { addLeads, campaignChanged, deleteCampaign, pauseCampaign, removeLeads, resumeCampaign, stopCampaign } from "../campaigns/index.ts";
import { startEnrichment } from "../enrichment/index.ts";
import { bulkDelete, type LeadRow } from "../leads/index.ts";
import * as repo from "./bulk-operations.repository.ts";

export interface ItemResult {
  seq: number;
  ok: boolean;
  error?: string;
  previous?: Record<string, unknown>;
}

/** Runs `write` inside the chunk's transaction (bookkeeping joins it), or after service calls. */
export type ChunkRunner = (
  ctx: AppContext,
  op: repo.OperationRow,
  items: repo.ItemRow[],
) => Promise<{ results: ItemResult[]; inTx?: (tx: repo.Tx) => Promise<ItemResult[]> }>;

const message = (err: unknown) => (err instanceof AppError ? err.message : "Unexpected error: the server log has the details");

/** Every item failed with the same error (a service call for the whole chunk threw). */
const failAll = (items: repo.ItemRow[], err: unknown) => items.map((i) => ({ seq: i.seq, ok: false, error: message(err) }));

/** The leads with these ids, locked (in a transaction) and by id; a deleted one is missing. */
const leadsById = async (tx: repo.Tx, workspaceId: string, ids: string[]) =>
  new Map((await repo.lockLeads(tx, workspaceId, ids)).map((r) => [r.id, r]));

const caller = (op: repo.OperationRow, undo = false) => ({
  workspaceId: op.workspaceId,
  userId: (undo ? op.undoneBy : null) ?? op.createdBy ?? "",
});

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * Tags or status: everything in one transaction with the bookkeeping; the leads are locked and read
 * once, and written in one statement.
 */
function leadFieldChunk(
  field: "tags" | "status",
  change: (lead: LeadRow, op: repo.OperationRow) => { tags?: string[]; status?: LeadStatus } | string,
): ChunkRunner {
  return async (_ctx, op, items) => ({
    results: [],
    inTx: async (tx) => {
      const rows = await leadsById(
        tx,
        op.workspaceId,
        items.map((i) => i.targetId),
      );
      const out: ItemResult[] = [];
      const tags: { id: string; tags: string[] }[] = [];
      const statuses: { id: string; status: string }[] = [];
      for (const item of items) {
        const lead = rows.get(item.targetId);
        if (!lead) {
          out.push({ seq: item.seq, ok: false, error: "Lead not found (deleted since the operation started)" });
          continue;
        }
        const c = change(lead, op);
        if (typeof c === "string") {
          out.push({ seq: item.seq, ok: false, error: c });
          continue;
        }
        if (field === "tags") tags.push({ id: lead.id, tags: c.tags! });
        else statuses.push({ id: lead.id, status: c.status! });
        out.push({ seq: item.seq, ok: true, previous: field === "tags" ? { tags: lead.tags } : { status: lead.status } });
      }
      await repo.setLeadTagsMany(tx, op.workspaceId, tags);
      await repo.setLeadStatusMany(tx, op.workspaceId, statuses);
      return out;
    },
  });
}

const params = (op: repo.OperationRow) => op.params as { tags?: string[]; status?: LeadStatus; campaign_id?: string };

const addTags = leadFieldChunk("tags", (lead, op) => {
  const tags = [...new Set([...lead.tags, ...(params(op).tags ?? [])])];
  return tags.length > 50 ? "A lead can have at most 50 tags" : { tags };
});

const removeTags = leadFieldChunk("tags", (lead, op) => {
  const drop = new Set(params(op).tags ?? []);
  return { tags: lead.tags.filter((t) => !drop.has(t)) };
});

const setStatus = leadFieldChunk("status", (_lead, op) => ({ status: params(op).status! }));

/** Records what each item had before a service call, so a re-run can tell its own work from a real refusal. */
async function remember(
  ctx: AppContext,
  op: repo.OperationRow,
  items: repo.ItemRow[],
  previous: (item: repo.ItemRow) => Record<string, unknown>,
) {
  const fresh = items.filter((i) => !i.previous);
  for (const item of fresh) item.previous = previous(item);
  await repo.setPreviousMany(
    ctx.db,
    op.id,
    fresh.map((i) => ({ seq: i.seq, previous: i.previous! })),
  );
}

const addToCampaign: ChunkRunner = async (ctx, op, items) => {
  const campaignId = params(op).campaign_id!;
  const before = await leadsById(
    ctx.db,
    op.workspaceId,
    items.map((i) => i.targetId),
  );
  const wasMember = new Set((await repo.memberships(ctx.db, op.workspaceId, [...before.keys()], campaignId)).map((m) => m.leadId));
  // A lead tried before a crash may already be in; one that was a member before we touched it is a real "already in".
  await remember(ctx, op, items, (i) => ({
    campaign_id: before.get(i.targetId)?.campaignId ?? null,
    was_member: wasMember.has(i.targetId),
  }));
  let res: Awaited<ReturnType<typeof addLeads>>;
  try {
    res = await addLeads(
      ctx,
      caller(op),
      campaignId,
      items.map((i) => i.targetId),
    );
  } catch (err) {
    return { results: failAll(items, err) };
  }
  const skipped = new Map(res.skipped.map((s) => [s.id, s.reason]));
  return {
    results: items.map((i) => {
      const reason = skipped.get(i.targetId);
      const retriedOwn = reason === "Already in this campaign" && i.previous?.was_member === false;
      return reason && !retriedOwn ? { seq: i.seq, ok: false, error: reason } : { seq: i.seq, ok: true };
    }),
  };
};

const removeFromCampaign: ChunkRunner = async (ctx, op, items) => {
  const campaignId = params(op).campaign_id!;
  const ids = items.map((i) => i.targetId);
  const members = new Map((await repo.memberships(ctx.db, op.workspaceId, ids, campaignId)).map((m) => [m.leadId, m]));
  const leadsNow = await leadsById(ctx.db, op.workspaceId, ids);
  await remember(ctx, op, items, (i) => ({
    membership: members.get(i.targetId) ?? null,
    campaign_id: leadsNow.get(i.targetId)?.campaignId ?? null,
  }));
  let res: Awaited<ReturnType<typeof removeLeads>>;
  try {
    res = await removeLeads(ctx, caller(op), campaignId, ids);
  } catch (err) {
    return { results: failAll(items, err) };
  }
  const removed = new Set(res.removed);
  return {
    results: items.map((i) =>
      removed.has(i.targetId) || i.previous?.membership
        ? { seq: i.seq, ok: true }
        : { seq: i.seq, ok: false, error: leadsNow.has(i.targetId) ? "Not in this campaign" : "Lead not found" },
    ),
  };
};

const enrich: ChunkRunner = async (ctx, op, items) => {
  const auth = { workspaceId: op.workspaceId, userId: op.createdBy ?? "" } as AuthContext;
  try {
    const job = await startEnrichment(
      ctx,
      auth,
      items.map((i) => i.targetId),
    );
    const found = new Set(job.lead_ids);
    return {
      results: items.map((i) =>
        found.has(i.targetId)
          ? { seq: i.seq, ok: true, previous: { enrichment_job_id: job.id } }
          : { seq: i.seq, ok: false, error: "Lead not found" },
      ),
    };
  } catch (err) {
    return { results: failAll(items, err) };
  }
};

/** Snapshots each lead (row, memberships, the history that names it) before the delete: undo puts it all back. */
const deleteLeads: ChunkRunner = async (ctx, op, items) => {
  const ids = items.map((i) => i.targetId);
  const rows = await leadsById(ctx.db, op.workspaceId, ids);
  const members = await repo.memberships(ctx.db, op.workspaceId, ids);
  const history = await repo.historyIds(ctx.db, ids);
  await remember(ctx, op, items, (i) =>
    rows.has(i.targetId)
      ? { lead: rows.get(i.targetId), memberships: members.filter((m) => m.leadId === i.targetId), history: history.get(i.targetId) }
      : { lead: null },
  );
  let res: Awaited<ReturnType<typeof bulkDelete>>;
  try {
    res = await bulkDelete(ctx, op.workspaceId, ids);
  } catch (err) {
    return { results: failAll(items, err) };
  }
  const deleted = new Set(res.succeeded);
  // A re-run finds its own deletes gone: the snapshot says the lead was there.
  return {
    results: items.map((i) =>
      deleted.has(i.targetId) || i.previous?.lead ? { seq: i.seq, ok: true } : { seq: i.seq, ok: false, error: "Lead not found" },
    ),
  };
};

/** One call per campaign, each success or error reported on its own (outreach-core: bulk campaign action). */
function campaignChunk(
  run: (ctx: AppContext, c: { workspaceId: string; userId: string }, id: string) => Promise<unknown>,
  done: string,
): ChunkRunner {
  return async (ctx, op, items) => {
    const results: ItemResult[] = [];
    for (const item of items) {
      const status = await repo.campaignStatus(ctx.db, op.workspaceId, item.targetId);
      if (item.previous && (status === done || (done === "deleted" && status === undefined))) {
        results.push({ seq: item.seq, ok: true });
        continue;
      }
      if (status === undefined) {
        results.push({ seq: item.seq, ok: false, error: "Campaign not found" });
        continue;
      }
      await remember(ctx, op, [item], () => ({ status }));
      try {
        await run(ctx, caller(op), item.targetId);
        results.push({ seq: item.seq, ok: true });
      } catch (err) {
        results.push({ seq: item.seq, ok: false, error: message(err) });
      }
    }
    return { results };
  };
}

export const RUNNERS: Record<string, ChunkRunner> = {
  "leads:add_tags": addTags,
  "leads:remove_tags": removeTags,
  "leads:set_status": setStatus,
  "leads:add_to_campaign": addToCampaign,
  "leads:remove_from_campaign": removeFromCampaign,
  "leads:enrich": enrich,
  "leads:delete": deleteLeads,
  "campaigns:pause": campaignChunk(pauseCampaign, "paused"),
  "campaigns:resume": campaignChunk(resumeCampaign, "active"),
  "campaigns:stop": campaignChunk(stopCampaign, "stopped"),
  "campaigns:delete": campaignChunk(deleteCampaign, "deleted"),
};

/** Items per chunk: in-transaction writes take more, service calls fewer (each holds the campaign's lock). */
export const CHUNK: Record<string, number> = {
  "leads:enrich": 500,
  "leads:add_to_campaign": 200,
  "leads:remove_from_campaign": 200,
  "leads:delete": 200,
};
export const chunkSize = (key: string) => CHUNK[key] ?? (key.startsWith("campaigns:") ? 10 : 500);

// Undo

export interface UndoResult {
  seq: number;
  ok: boolean;
  error?: string;
}

type Undoer = (ctx: AppContext, op: repo.OperationRow, items: repo.ItemRow[]) => Promise<UndoResult[]>;

const undoLeadField: Undoer = async (ctx, op, items) =>
  transaction(ctx.db, async (tx) => {
    const rows = await leadsById(
      tx,
      op.workspaceId,
      items.map((i) => i.targetId),
    );
    const out: UndoResult[] = [];
    const tagRows: { id: string; tags: string[] }[] = [];
    const statuses: { id: string; status: string }[] = [];
    const p = params(op);
    for (const item of items) {
      const lead = rows.get(item.targetId);
      const prev = item.previous as { tags?: string[]; status?: LeadStatus } | null;
      if (!lead || !prev) {
        out.push({ seq: item.seq, ok: false, error: "Lead not found (deleted since)" });
        continue;
      }
      if (op.action === "set_status") {
        if (lead.status !== p.status) {
          out.push({ seq: item.seq, ok: false, error: `Status changed since (now "${lead.status}"): left as it is` });
          continue;
        }
        statuses.push({ id: lead.id, status: prev.status! });
      } else {
        // The inverse change, so tags edited since by someone else stay: drop what we added, put back what we removed.
        const before = prev.tags ?? [];
        const touched = new Set(p.tags ?? []);
        const tags =
          op.action === "add_tags"
            ? lead.tags.filter((t) => !touched.has(t) || before.includes(t))
            : [...lead.tags, ...before.filter((t) => touched.has(t) && !lead.tags.includes(t))];
        if (!sameTags(tags, lead.tags)) tagRows.push({ id: lead.id, tags });
      }
      out.push({ seq: item.seq, ok: true });
    }
    await repo.setLeadTagsMany(tx, op.workspaceId, tagRows);
    await repo.setLeadStatusMany(tx, op.workspaceId, statuses);
    return out;
  });

const undoAddToCampaign: Undoer = async (ctx, op, items) => {
  const campaignId = params(op).campaign_id!;
  try {
    const res = await removeLeads(
      ctx,
      caller(op, true),
      campaignId,
      items.map((i) => i.targetId),
    );
    const removed = new Set(res.removed);
    await transaction(ctx.db, async (tx) => {
      const rows = await leadsById(tx, op.workspaceId, [...removed]);
      for (const item of items) {
        const lead = rows.get(item.targetId);
        const prev = (item.previous?.campaign_id as string | null | undefined) ?? null;
        if (lead && lead.campaignId === null && prev) await repo.setLeadFields(tx, op.workspaceId, lead.id, { campaignId: prev });
      }
    });
    return items.map((i) =>
      removed.has(i.targetId) ? { seq: i.seq, ok: true } : { seq: i.seq, ok: false, error: "No longer in this campaign" },
    );
  } catch (err) {
    return failAll(items, err);
  }
};

const undoRemoveFromCampaign: Undoer = async (ctx, op, items) => {
  const campaignId = params(op).campaign_id!;
  const out = await transaction(ctx.db, async (tx) => {
    const rows = await leadsById(
      tx,
      op.workspaceId,
      items.map((i) => i.targetId),
    );
    const res: UndoResult[] = [];
    for (const item of items) {
      const m = item.previous?.membership as repo.MembershipRow | null | undefined;
      if (!rows.has(item.targetId) || !m) {
        res.push({ seq: item.seq, ok: false, error: "Lead not found (deleted since)" });
        continue;
      }
      const back = await repo.restoreMemberships(tx, op.workspaceId, [membershipFromJson(m)]);
      if (!back) {
        res.push({ seq: item.seq, ok: false, error: "The campaign no longer exists, or the lead is in it again" });
        continue;
      }
      if (rows.get(item.targetId)!.campaignId === null)
        await repo.setLeadFields(tx, op.workspaceId, item.targetId, {
          campaignId: (item.previous?.campaign_id as string | null) ?? campaignId,
        });
      res.push({ seq: item.seq, ok: true });
    }
    return res;
  });
  await bump(ctx, op.workspaceId, [campaignId]);
  return out;
};

const date = (v: unknown) => (v == null ? null : new Date(v as string));

function membershipFromJson(m: repo.MembershipRow): repo.MembershipRow {
  return { ...m, nextSendAt: date(m.nextSendAt), lastSentAt: date(m.lastSentAt), addedAt: date(m.addedAt)!, updatedAt: date(m.updatedAt)! };
}

function leadFromJson(l: LeadRow): LeadRow {
  return { ...l, createdAt: date(l.createdAt)!, updatedAt: date(l.updatedAt)!, lastActivityAt: date(l.lastActivityAt) };
}

async function bump(ctx: AppContext, workspaceId: string, campaignIds: string[]) {
  for (const id of new Set(campaignIds)) {
    const status = await repo.campaignStatus(ctx.db, workspaceId, id);
    if (status) await campaignChanged(ctx, workspaceId, id, status as never, "leads");
  }
}

const undoDelete: Undoer = async (ctx, op, items) => {
  const touched: string[] = [];
  const out = await transaction(ctx.db, async (tx) => {
    const res: UndoResult[] = [];
    for (const item of items) {
      const snap = item.previous as {
        lead: LeadRow | null;
        memberships?: repo.MembershipRow[];
        history?: { messages: string[]; events: string[] };
      } | null;
      if (!snap?.lead) {
        res.push({ seq: item.seq, ok: false, error: "No snapshot of this lead was kept" });
        continue;
      }
      if (!(await repo.restoreLead(tx, leadFromJson(snap.lead)))) {
        res.push({ seq: item.seq, ok: false, error: "A lead with this id or email exists again: not restored" });
        continue;
      }
      const members = (snap.memberships ?? []).map(membershipFromJson);
      await repo.restoreMemberships(tx, op.workspaceId, members);
      touched.push(...members.map((m) => m.campaignId));
      if (snap.history) await repo.relinkHistory(tx, snap.lead.id, snap.history);
      res.push({ seq: item.seq, ok: true });
    }
    return res;
  });
  await bump(ctx, op.workspaceId, touched);
  return out;
};

function undoCampaign(
  expect: string,
  run: (ctx: AppContext, c: { workspaceId: string; userId: string }, id: string) => Promise<unknown>,
): Undoer {
  return async (ctx, op, items) => {
    const out: UndoResult[] = [];
    for (const item of items) {
      const status = await repo.campaignStatus(ctx.db, op.workspaceId, item.targetId);
      if (status !== expect) {
        out.push({
          seq: item.seq,
          ok: false,
          error: status ? `The campaign is ${status} now: left as it is` : "Campaign not found (deleted since)",
        });
        continue;
      }
      try {
        await run(ctx, caller(op, true), item.targetId);
        out.push({ seq: item.seq, ok: true });
      } catch (err) {
        out.push({ seq: item.seq, ok: false, error: message(err) });
      }
    }
    return out;
  };
}

export const UNDOERS: Record<string, Undoer> = {
  "leads:add_tags": undoLeadField,
  "leads:remove_tags": undoLeadField,
  "leads:set_status": undoLeadField,
  "leads:add_to_campaign": undoAddToCampaign,
  "leads:remove_from_campaign": undoRemoveFromCampaign,
  "leads:delete": undoDelete,
  "campaigns:pause": undoCampaign("paused", resumeCampaign),
  "campaigns:resume": undoCampaign("active", pauseCampaign),
};
