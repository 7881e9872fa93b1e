/**
 * Reads for a workspace's JSON export and writes for its clone. Secrets never leave: inboxes are
 * read without their passwords or server settings, and no session, API key, token or invite hash
 * is read at all.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newId } from "../../platform/ids.ts";
import { rolePermissions, teamMembers, teamPermissions, teams } from "../access/index.ts";
import { campaigns } from "../campaigns/index.ts";
import { crmCustomers, crmDeals, crmInteractions, crmStages, crmTasks } from "../crm/index.ts";
import { users } from "../identity/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { leads } from "../leads/index.ts";
import { workspaceMembers } from "../organizations/index.ts";

export async function members(db: Db, workspaceId: string) {
  return db
    .select({
      id: workspaceMembers.id,
      user_id: users.id,
      email: users.email,
      full_name: users.name,
      role: workspaceMembers.role,
      status: workspaceMembers.status,
      joined_at: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(workspaceMembers.id);
}

export async function organizationRolePermissions(db: Db, organizationId: string) {
  return db
    .select({
      role: rolePermissions.role,
      resource: rolePermissions.resource,
      action: rolePermissions.action,
      effect: rolePermissions.effect,
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.organizationId, organizationId))
    .orderBy(rolePermissions.role, rolePermissions.resource, rolePermissions.action);
}

export async function teamsOf(db: Db, workspaceId: string) {
  const rows = await db.select().from(teams).where(eq(teams.workspaceId, workspaceId)).orderBy(teams.id);
  const ids = rows.map((t) => t.id);
  const [perms, mems] = ids.length
    ? await Promise.all([
        db.select().from(teamPermissions).where(inArray(teamPermissions.teamId, ids)),
        db.select({ teamId: teamMembers.teamId, userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, ids)),
      ])
    : [[], []];
  return rows.map((t) => ({
    ...t,
    permissions: perms.filter((p) => p.teamId === t.id).map(({ resource, action, effect }) => ({ resource, action, effect })),
    member_ids: mems.filter((m) => m.teamId === t.id).map((m) => m.userId),
  }));
}

export const campaignsOf = (db: Db, workspaceId: string) =>
  db.select().from(campaigns).where(eq(campaigns.workspaceId, workspaceId)).orderBy(campaigns.id);

/** Inboxes without passwords or server settings (host and user names are not exported either). */
export const inboxesOf = (db: Db, workspaceId: string) =>
  db
    .select({
      id: inboxes.id,
      kind: inboxes.kind,
      email: inboxes.email,
      from_name: inboxes.fromName,
      daily_limit: inboxes.dailyLimit,
      status: inboxes.status,
      created_at: inboxes.createdAt,
    })
    .from(inboxes)
    .where(eq(inboxes.workspaceId, workspaceId))
    .orderBy(inboxes.id);

/** One page of leads after `afterId` (by id: UUIDv7, stable while the export streams). */
export const leadsPage = (db: Db, workspaceId: string, afterId: string | null, limit: number) =>
  db
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), afterId ? gt(leads.id, afterId) : undefined))
    .orderBy(asc(leads.id))
    .limit(limit);

export async function crmOf(db: Db, workspaceId: string) {
  const [stages, customers, deals, tasks, interactions] = await Promise.all([
    db.select().from(crmStages).where(eq(crmStages.workspaceId, workspaceId)).orderBy(crmStages.position),
    db.select().from(crmCustomers).where(eq(crmCustomers.workspaceId, workspaceId)).orderBy(crmCustomers.id),
    db.select().from(crmDeals).where(eq(crmDeals.workspaceId, workspaceId)).orderBy(crmDeals.id),
    db.select().from(crmTasks).where(eq(crmTasks.workspaceId, workspaceId)).orderBy(crmTasks.id),
    db.select().from(crmInteractions).where(eq(crmInteractions.workspaceId, workspaceId)).orderBy(crmInteractions.id),
  ]);
  return { stages, customers, deals, tasks, interactions };
}

// ——— Clone ———

/** Copies the teams (hierarchy kept) and their permissions; their members are not copied. */
export async function copyTeams(tx: Db, from: string, to: string): Promise<number> {
  const rows = await tx.select().from(teams).where(eq(teams.workspaceId, from));
  if (!rows.length) return 0;
  const ids = new Map(rows.map((t) => [t.id, newId()]));
  await tx.insert(teams).values(
    rows.map((t) => ({
      id: ids.get(t.id)!,
      workspaceId: to,
      name: t.name,
      description: t.description,
      parentId: t.parentId ? (ids.get(t.parentId) ?? null) : null,
      metadata: t.metadata,
    })),
  );
  const perms = await tx
    .select()
    .from(teamPermissions)
    .where(inArray(teamPermissions.teamId, [...ids.keys()]));
  if (perms.length)
    await tx
      .insert(teamPermissions)
      .values(perms.map((p) => ({ teamId: ids.get(p.teamId)!, resource: p.resource, action: p.action, effect: p.effect })));
  return rows.length;
}

/** Campaigns as draft templates: sequence, schedule and tracking; no inboxes, leads or history. */
export async function copyCampaigns(tx: Db, from: string, to: string, userId: string): Promise<number> {
  const rows = await tx.select().from(campaigns).where(eq(campaigns.workspaceId, from));
  if (!rows.length) return 0;
  await tx.insert(campaigns).values(
    rows.map((c) => ({
      workspaceId: to,
      name: c.name,
      status: "draft" as const,
      steps: c.steps,
      schedule: c.schedule,
      trackOpens: c.trackOpens,
      trackClicks: c.trackClicks,
      stopOnReply: c.stopOnReply,
      createdBy: userId,
    })),
  );
  return rows.length;
}

/** Copies the leads page by page (new ids, no campaign: the copied campaigns start empty). */
export async function copyLeads(tx: Db, from: string, to: string): Promise<number> {
  let after: string | null = null;
  let n = 0;
  for (;;) {
    const page = await leadsPage(tx, from, after, 1000);
    if (!page.length) return n;
    await tx.insert(leads).values(page.map(({ id: _id, workspaceId: _ws, campaignId: _c, ...rest }) => ({ ...rest, workspaceId: to })));
    n += page.length;
    after = page.at(-1)!.id;
  }
}
