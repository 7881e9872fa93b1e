/**
 * Drizzle calls of the kill switch: the workspace's active holds (the sender reads them before every
 * handoff to SMTP through a partial index), placing and resuming a hold, its audited history with
 * who did what, the campaigns and inboxes that can be stopped, and what the sender is doing now.
 */
import type { HoldScope } from "@prospector/contracts";
import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignMessages, campaigns } from "../campaigns/index.ts";
import { users } from "../identity/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { sendingHolds } from "./sending-holds.table.ts";

type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type HoldRow = typeof sendingHolds.$inferSelect;
export type HoldWithActors = HoldRow & {
  heldByName: string | null;
  heldByEmail: string | null;
  releasedByName: string | null;
  releasedByEmail: string | null;
};

/** The holds that are on in a workspace (a handful at most): one index look-up. */
export async function activeHolds(db: Tx, workspaceId: string): Promise<HoldRow[]> {
  return db
    .select()
    .from(sendingHolds)
    .where(and(eq(sendingHolds.workspaceId, workspaceId), isNull(sendingHolds.releasedAt)));
}

const heldBy = aliasedTable(users, "held_by_user");
const releasedBy = aliasedTable(users, "released_by_user");

function withActors(db: Tx) {
  return db
    .select({
      hold: sendingHolds,
      heldByName: heldBy.name,
      heldByEmail: heldBy.email,
      releasedByName: releasedBy.name,
      releasedByEmail: releasedBy.email,
    })
    .from(sendingHolds)
    .leftJoin(heldBy, eq(heldBy.id, sendingHolds.heldBy))
    .leftJoin(releasedBy, eq(releasedBy.id, sendingHolds.releasedBy));
}

type Joined = Awaited<ReturnType<ReturnType<typeof withActors>["execute"]>>[number];
const flatten = (r: Joined): HoldWithActors => ({
  ...r.hold,
  heldByName: r.heldByName,
  heldByEmail: r.heldByEmail,
  releasedByName: r.releasedByName,
  releasedByEmail: r.releasedByEmail,
});

export async function activeHoldsWithActors(db: Tx, workspaceId: string): Promise<HoldWithActors[]> {
  const rows = await withActors(db)
    .where(and(eq(sendingHolds.workspaceId, workspaceId), isNull(sendingHolds.releasedAt)))
    .orderBy(desc(sendingHolds.createdAt), desc(sendingHolds.id));
  return rows.map(flatten);
}

export async function holdById(db: Tx, workspaceId: string, id: string): Promise<HoldWithActors | undefined> {
  const [row] = await withActors(db).where(and(eq(sendingHolds.workspaceId, workspaceId), eq(sendingHolds.id, id)));
  return row && flatten(row);
}

/** Null when the target already has a hold on (the partial unique index). */
export async function insertHold(tx: Tx, row: typeof sendingHolds.$inferInsert): Promise<HoldRow | null> {
  const [inserted] = await tx.insert(sendingHolds).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Null when it was already resumed (or is not this workspace's). */
export async function releaseHold(
  tx: Tx,
  workspaceId: string,
  id: string,
  by: string,
  note: string | null,
  at: Date,
): Promise<HoldRow | null> {
  const [row] = await tx
    .update(sendingHolds)
    .set({ releasedAt: at, releasedBy: by, releaseNote: note })
    .where(and(eq(sendingHolds.workspaceId, workspaceId), eq(sendingHolds.id, id), isNull(sendingHolds.releasedAt)))
    .returning();
  return row ?? null;
}

export async function holdHistory(
  db: Tx,
  workspaceId: string,
  q: { page: number; per_page: number; scope?: HoldScope },
): Promise<{ rows: HoldWithActors[]; total: number }> {
  const where = and(eq(sendingHolds.workspaceId, workspaceId), q.scope ? eq(sendingHolds.scope, q.scope) : undefined);
  const [rows, [total]] = await Promise.all([
    withActors(db)
      .where(where)
      .orderBy(desc(sendingHolds.createdAt), desc(sendingHolds.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(sendingHolds).where(where),
  ]);
  return { rows: rows.map(flatten), total: Number(total?.n ?? 0) };
}

/** The campaign's name, when it is the workspace's. */
export async function campaignLabel(db: Tx, workspaceId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)));
  return row?.name ?? null;
}

/** The inbox's address, when it is the workspace's. */
export async function inboxLabel(db: Tx, workspaceId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ email: inboxes.email, kind: inboxes.kind })
    .from(inboxes)
    .where(and(eq(inboxes.workspaceId, workspaceId), eq(inboxes.id, id)));
  if (!row) return null;
  return row.kind === "local" ? "Local mailbox (test only)" : row.email;
}

/** Campaigns that may still send (not finished), by name; or every inbox, by address. */
export async function holdTargets(
  db: Tx,
  workspaceId: string,
  q: { scope: "inbox" | "campaign"; page: number; per_page: number; search?: string },
): Promise<{ rows: { id: string; label: string; status: string }[]; total: number }> {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  if (q.scope === "campaign") {
    const where = and(
      eq(campaigns.workspaceId, workspaceId),
      inArray(campaigns.status, ["active", "scheduled", "paused", "draft"]),
      like ? ilike(campaigns.name, like) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: campaigns.id, label: campaigns.name, status: campaigns.status })
        .from(campaigns)
        .where(where)
        // Active first (what is sending now), then by name.
        .orderBy(
          sql`case ${campaigns.status} when 'active' then 0 when 'scheduled' then 1 when 'paused' then 2 else 3 end`,
          asc(campaigns.name),
        )
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      db.select({ n: count() }).from(campaigns).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }
  const where = and(eq(inboxes.workspaceId, workspaceId), like ? ilike(inboxes.email, like) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: inboxes.id, label: inboxes.email, status: inboxes.status, kind: inboxes.kind })
      .from(inboxes)
      .where(where)
      .orderBy(asc(inboxes.email), asc(inboxes.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(inboxes).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, label: r.kind === "local" ? "Local mailbox (test only)" : r.label, status: r.status })),
    total: Number(total?.n ?? 0),
  };
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** What the sender is doing in the workspace now: active campaigns, rows on the wire, due or retrying messages, sent in the last hour. */
export async function sendingActivity(db: Tx, workspaceId: string, now: Date) {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const res = await db.execute(sql`
    select
      (select count(*) from ${campaigns} c where c.workspace_id = ${workspaceId} and c.status = 'active') as active_campaigns,
      (select count(*) from ${campaignMessages} m where m.workspace_id = ${workspaceId} and m.status = 'sending') as in_flight,
      (select count(*) from ${campaignMessages} m where m.workspace_id = ${workspaceId} and m.status = 'queued')
        + (select count(*) from campaign_leads cl join ${campaigns} c on c.id = cl.campaign_id
           where cl.workspace_id = ${workspaceId} and c.status = 'active' and cl.state in ('queued', 'in_progress') and cl.next_send_at <= ${at}) as queued,
      (select count(*) from ${campaignMessages} m where m.workspace_id = ${workspaceId} and m.sent_at >= ${hourAgo}) as sent_last_hour`);
  const r = rowsOf<Record<string, unknown>>(res)[0] ?? {};
  return {
    active_campaigns: Number(r.active_campaigns ?? 0),
    in_flight: Number(r.in_flight ?? 0),
    queued: Number(r.queued ?? 0),
    sent_last_hour: Number(r.sent_last_hour ?? 0),
  };
}

/** Active campaigns of the workspace (to send them at once after a resume), optionally only those sending from an inbox or this one campaign. */
export async function activeCampaignIds(db: Tx, workspaceId: string, only?: { inboxId?: string; campaignId?: string }): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        eq(campaigns.status, "active"),
        only?.campaignId ? eq(campaigns.id, only.campaignId) : undefined,
        only?.inboxId ? sql`${only.inboxId}::uuid = any(${campaigns.inboxIds})` : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** The workspace's active members (a workspace-wide stop and its end are notified to all of them). */
export async function activeMemberIds(db: Tx, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active"), ne(workspaceMembers.role, "")));
  return rows.map((r) => r.userId);
}
