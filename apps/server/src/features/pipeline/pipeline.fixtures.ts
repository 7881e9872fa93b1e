/**
 * Test fixtures: stages, deals and stage histories with chosen timestamps (a deal in a stage for
 * 40 days, stays that took 10), which the CRM's API cannot backdate. Test code only.
 */
import type { Db } from "../../db/client.ts";
import { newId } from "../../platform/ids.ts";
import { crmDealStageHistory, crmDeals, crmStages } from "../crm/index.ts";

export const DAY = 86_400_000;
export const ago = (days: number, now = Date.now()) => new Date(now - days * DAY);
export const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** The first day of the month `m` months from now (UTC). */
export const monthStart = (m: number, now = new Date()) => ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1)));

export interface Stages {
  lead: string;
  demo: string;
  proposal: string;
  won: string;
  lost: string;
}

/** Five stages named with a prefix so they never clash with a workspace's default stages. */
export async function seedStages(db: Db, workspaceId: string, prefix = "T"): Promise<Stages> {
  const rows = [
    { key: "lead", name: `${prefix} Lead`, probability: 10 },
    { key: "demo", name: `${prefix} Demo`, probability: 40 },
    { key: "proposal", name: `${prefix} Proposal`, probability: 60 },
    { key: "won", name: `${prefix} Won`, probability: 100, isWon: true },
    { key: "lost", name: `${prefix} Lost`, probability: 0, isLost: true },
  ];
  const out: Record<string, string> = {};
  for (const [i, r] of rows.entries()) {
    const id = newId();
    await db.insert(crmStages).values({
      id,
      workspaceId,
      name: r.name,
      position: 1000 + i,
      probability: r.probability,
      isWon: r.isWon ?? false,
      isLost: r.isLost ?? false,
    });
    out[r.key] = id;
  }
  return out as unknown as Stages;
}

export interface DealSeed {
  name: string;
  value: number;
  stageId: string;
  ownerId?: string | null;
  probability?: number | null;
  expectedCloseDate?: string | null;
  /** Days since it entered its current stage (default 1). */
  inStageDays?: number;
  createdDaysAgo?: number;
  closedDaysAgo?: number;
  customerId?: string | null;
  description?: string | null;
}

export async function seedDeal(db: Db, workspaceId: string, d: DealSeed): Promise<string> {
  const id = newId();
  const now = Date.now();
  const entered = ago(d.inStageDays ?? 1, now);
  const created = ago(Math.max(d.createdDaysAgo ?? 0, d.inStageDays ?? 1), now);
  await db.insert(crmDeals).values({
    id,
    workspaceId,
    name: d.name,
    value: d.value,
    stageId: d.stageId,
    ownerId: d.ownerId ?? null,
    probability: d.probability ?? null,
    expectedCloseDate: d.expectedCloseDate ?? null,
    stageEnteredAt: entered,
    closedAt: d.closedDaysAgo === undefined ? null : ago(d.closedDaysAgo, now),
    description: d.description ?? null,
    createdAt: created,
    updatedAt: entered,
  });
  await db.insert(crmDealStageHistory).values({ workspaceId, dealId: id, fromStageId: null, toStageId: d.stageId, changedAt: entered });
  return id;
}

/**
 * A finished deal's path: it entered `path[i].stageId` `path[i].daysAgo` days ago, in order; the
 * last entry is where it is now.
 */
export async function seedPath(
  db: Db,
  workspaceId: string,
  name: string,
  path: { stageId: string; daysAgo: number }[],
  value = 1000,
): Promise<string> {
  const id = newId();
  const last = path[path.length - 1]!;
  await db.insert(crmDeals).values({
    id,
    workspaceId,
    name,
    value,
    stageId: last.stageId,
    stageEnteredAt: ago(last.daysAgo),
    createdAt: ago(path[0]!.daysAgo),
    updatedAt: ago(last.daysAgo),
  });
  let from: string | null = null;
  for (const p of path) {
    await db
      .insert(crmDealStageHistory)
      .values({ workspaceId, dealId: id, fromStageId: from, toStageId: p.stageId, changedAt: ago(p.daysAgo) });
    from = p.stageId;
  }
  return id;
}
