/**
 * Duplicate leads: grouping (same normalized email, else same full name at the same company
 * domain), the merged preview, and the merge itself — one transaction per group, audited in
 * lead_merges with the merged-away rows, so nothing is lost without a trace.
 */
import type { DuplicateGroup, LeadStatus, MergeDuplicatesResult } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import { retryTransaction } from "../../db/retry.ts";
import { beforeRemoving } from "./leads.hooks.ts";
import { type LeadRow, toLead } from "./leads.mapper.ts";
import { deleteLockedLeads, duplicateKeyRows, getLeads, insertMerge, lockLeads, overwriteLead, type Tx } from "./leads.repository.ts";

const PREVIEW_GROUPS = 500;

export interface FoundGroup {
  match: "email" | "name_company";
  key: string;
  ids: string[];
}

/** Every duplicate group of a workspace; a lead linked by email and by name joins one group. */
export async function findDuplicateGroups(db: Tx, workspaceId: string): Promise<FoundGroup[]> {
  const rows = await duplicateKeyRows(db, workspaceId);
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let p = parent.get(x) ?? x;
    while (p !== (parent.get(p) ?? p)) p = parent.get(p) ?? p;
    parent.set(x, p);
    return p;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(rb, ra);
  };
  const firstByKey = new Map<string, string>();
  const emailLinked = new Set<string>();
  for (const r of rows) {
    if (r.ek && Number(r.ec) > 1) {
      const k = `e:${r.ek}`;
      const first = firstByKey.get(k);
      if (first) {
        union(first, r.id);
        emailLinked.add(r.id).add(first);
      } else firstByKey.set(k, r.id);
    }
    if (r.nk && Number(r.nc) > 1) {
      const k = `n:${r.nk}`;
      const first = firstByKey.get(k);
      if (first) union(first, r.id);
      else firstByKey.set(k, r.id);
    }
  }
  const groups = new Map<string, FoundGroup>();
  for (const r of rows) {
    const root = find(r.id);
    const g = groups.get(root) ?? { match: "name_company", key: "", ids: [] };
    g.ids.push(r.id);
    if (emailLinked.has(r.id) && r.ek) {
      g.match = "email";
      g.key = r.ek;
    } else if (!g.key && r.nk) g.key = r.nk;
    groups.set(root, g);
  }
  return [...groups.values()].filter((g) => g.ids.length > 1);
}

const MERGE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "companyName",
  "role",
  "industry",
  "painPoint",
  "companyInsight",
  "campaignId",
  "phone",
  "website",
  "linkedinUrl",
  "city",
  "country",
  "seniority",
  "department",
  "ownerId",
] as const satisfies (keyof LeadRow)[];

/** Opted-out and bounced win: merging must never make a suppressed person mailable again. */
const STATUS_RANK: Record<LeadStatus, number> = {
  new: 0,
  contacted: 1,
  replied: 2,
  interested: 3,
  not_interested: 4,
  bounced: 5,
  unsubscribed: 6,
};

const filled = (r: LeadRow) => MERGE_FIELDS.filter((f) => r[f] != null && r[f] !== "").length;

/** The kept lead (earliest created) with, per field, the value of the most complete lead that has one. */
export function mergeRows(rows: LeadRow[]): { kept: LeadRow; merged: LeadRow; takenFrom: Record<string, string> } {
  const byAge = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  const kept = byAge[0] as LeadRow;
  const byCompleteness = [...byAge].sort((a, b) => filled(b) - filled(a));
  const merged: LeadRow = { ...kept, tags: [], customFields: {}, provenance: {} };
  const takenFrom: Record<string, string> = {};
  for (const f of MERGE_FIELDS) {
    const source = byCompleteness.find((r) => r[f] != null && r[f] !== "");
    (merged as Record<string, unknown>)[f] = source ? source[f] : null;
    if (source) {
      takenFrom[f] = source.id;
      const p = source.provenance[f];
      if (p) merged.provenance[f] = p;
    }
  }
  const emailSource = byCompleteness.find((r) => r.email);
  merged.emailStatus = emailSource?.emailStatus ?? kept.emailStatus;
  merged.tags = [...new Set(byAge.flatMap((r) => r.tags))];
  merged.customFields = Object.assign({}, ...[...byCompleteness].reverse().map((r) => r.customFields));
  merged.status = byAge.reduce((s, r) => (STATUS_RANK[r.status] > STATUS_RANK[s] ? r.status : s), kept.status);
  const best = byAge.reduce<LeadRow | null>((b, r) => (r.score != null && (b?.score == null || r.score > b.score) ? r : b), null);
  merged.score = best?.score ?? null;
  merged.scoreBreakdown = best?.scoreBreakdown ?? null;
  const activity = byAge.map((r) => r.lastActivityAt?.getTime() ?? 0);
  merged.lastActivityAt = Math.max(...activity) > 0 ? new Date(Math.max(...activity)) : null;
  return { kept, merged, takenFrom };
}

const snapshot = (r: LeadRow) => ({ ...toLead(r) });

export async function mergeDuplicates(
  ctx: Pick<AppContext, "db" | "hooks">,
  opts: { workspaceId: string; userId: string; dryRun: boolean },
): Promise<MergeDuplicatesResult> {
  const found = await findDuplicateGroups(ctx.db, opts.workspaceId);
  const groups: DuplicateGroup[] = [];
  let mergedLeads = 0;
  for (const g of found) {
    const wanted = opts.dryRun ? groups.length < PREVIEW_GROUPS : true;
    if (!wanted) break;
    const preview = await (opts.dryRun
      ? previewGroup(ctx.db, opts.workspaceId, g)
      : retryTransaction(() => transaction(ctx.db, (tx) => mergeGroup(ctx, tx, opts.workspaceId, opts.userId, g))));
    if (!preview) continue;
    if (!opts.dryRun) mergedLeads += preview.merge_ids.length;
    if (groups.length < PREVIEW_GROUPS) groups.push(preview);
  }
  return { dry_run: opts.dryRun, groups, group_count: found.length, merged_leads: mergedLeads };
}

async function previewGroup(db: Tx, workspaceId: string, g: FoundGroup): Promise<DuplicateGroup | null> {
  const rows = await getLeads(db, workspaceId, g.ids);
  if (rows.length < 2) return null;
  const { kept, merged, takenFrom } = mergeRows(rows);
  return {
    match: g.match,
    key: g.key,
    keep_id: kept.id,
    merge_ids: rows.filter((r) => r.id !== kept.id).map((r) => r.id),
    merged: toLead(merged),
    taken_from: Object.fromEntries(Object.entries(takenFrom).map(([f, id]) => [snake(f), id])),
  };
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function mergeGroup(
  ctx: Pick<AppContext, "hooks">,
  tx: Db,
  workspaceId: string,
  userId: string,
  g: FoundGroup,
): Promise<DuplicateGroup | null> {
  // The merged-away leads' memberships go by cascade: what refers to the leads (campaigns and
  // memberships) is locked before the leads (docs/campaigns.md, "Lock order"), so a sending pass
  // over them cannot deadlock with the merge. Then the group's rows, in id order: a lead edited or
  // merged meanwhile is merged as it is now, or not at all. The caller re-runs the whole
  // transaction if it still loses a deadlock.
  const removing = await beforeRemoving(ctx, tx, workspaceId, g.ids);
  const rows = await lockLeads(tx, workspaceId, g.ids);
  if (rows.length < 2) return null;
  const { kept, merged, takenFrom } = mergeRows(rows);
  const others = rows.filter((r) => r.id !== kept.id);
  // Delete first: the kept lead may take over an email a merged-away lead still holds.
  await removing(others.map((r) => r.id));
  await deleteLockedLeads(
    tx,
    others.map((r) => r.id),
  );
  const { id: _id, workspaceId: _ws, createdAt: _c, updatedAt: _u, ...values } = merged;
  const saved = await overwriteLead(tx, kept.id, values);
  await insertMerge(tx, {
    workspaceId,
    keptLeadId: kept.id,
    mergedLeadIds: others.map((r) => r.id),
    match: g.match,
    matchKey: g.key,
    takenFrom: Object.fromEntries(Object.entries(takenFrom).map(([f, id]) => [snake(f), id])),
    mergedSnapshots: others.map(snapshot),
    mergedBy: userId,
  });
  return {
    match: g.match,
    key: g.key,
    keep_id: kept.id,
    merge_ids: others.map((r) => r.id),
    merged: toLead(saved as LeadRow),
    taken_from: Object.fromEntries(Object.entries(takenFrom).map(([f, id]) => [snake(f), id])),
  };
}
