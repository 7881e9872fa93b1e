/** Queries of the team decision log (docs/team-decisions.md): decisions, options, votes, links, the thread. */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaigns } from "../campaigns/index.ts";
import { CUSTOMER_SEARCH_EXPR, crmCustomers, crmDeals, crmTasks, DEAL_SEARCH_EXPR } from "../crm/index.ts";
import { users } from "../identity/index.ts";
import { LEAD_SEARCH_EXPR, leads } from "../leads/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { decisionEvents, decisionLinks, decisionOptions, decisions, decisionVotes } from "./decisions.table.ts";

export type DecisionRow = typeof decisions.$inferSelect;
export type LinkKind = (typeof decisionLinks.$inferSelect)["kind"];
export type StatusValue = DecisionRow["status"];

export async function insertDecision(db: Db, row: typeof decisions.$inferInsert): Promise<DecisionRow> {
  const [out] = await db.insert(decisions).values(row).returning();
  return out!;
}

/** The decision in the workspace; `lock` holds it for the rest of the transaction (votes and decisions serialize on it). */
export async function findDecision(db: Db, workspaceId: string, id: string, lock = false): Promise<DecisionRow | null> {
  const q = db
    .select()
    .from(decisions)
    .where(and(eq(decisions.workspaceId, workspaceId), eq(decisions.id, id)));
  const rows = lock ? await q.for("update") : await q;
  return rows[0] ?? null;
}

export async function updateDecision(db: Db, id: string, set: Partial<typeof decisions.$inferInsert>): Promise<void> {
  await db
    .update(decisions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(decisions.id, id));
}

export async function replaceOptions(
  db: Db,
  decisionId: string,
  options: { label: string; description?: string | undefined }[],
): Promise<{ id: string; label: string }[]> {
  await db.delete(decisionOptions).where(eq(decisionOptions.decisionId, decisionId));
  return db
    .insert(decisionOptions)
    .values(options.map((o, i) => ({ decisionId, position: i, label: o.label, description: o.description || null })))
    .returning({ id: decisionOptions.id, label: decisionOptions.label });
}

export async function replaceLinks(
  db: Db,
  workspaceId: string,
  decisionId: string,
  links: { kind: LinkKind; id: string }[],
): Promise<void> {
  await db.delete(decisionLinks).where(eq(decisionLinks.decisionId, decisionId));
  if (links.length === 0) return;
  await db
    .insert(decisionLinks)
    .values(links.map((l) => ({ decisionId, workspaceId, kind: l.kind, recordId: l.id })))
    .onConflictDoNothing();
}

export async function insertEvent(
  db: Db,
  e: { decisionId: string; userId: string | null; kind: string; body?: string | null; detail?: Record<string, unknown> },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(decisionEvents)
    .values({ decisionId: e.decisionId, userId: e.userId, kind: e.kind, body: e.body ?? null, detail: e.detail ?? {} })
    .returning({ id: decisionEvents.id, createdAt: decisionEvents.createdAt });
  return row!;
}

export interface OptionRow {
  id: string;
  label: string;
  description: string | null;
  votes: number;
}

export async function optionsWithTally(db: Db, decisionId: string): Promise<OptionRow[]> {
  return db
    .select({
      id: decisionOptions.id,
      label: decisionOptions.label,
      description: decisionOptions.description,
      votes: sql<number>`(select count(*)::int from ${decisionVotes} v where v.option_id = ${decisionOptions.id})`,
    })
    .from(decisionOptions)
    .where(eq(decisionOptions.decisionId, decisionId))
    .orderBy(asc(decisionOptions.position));
}

export async function votesOf(db: Db, decisionId: string) {
  return db
    .select({
      userId: decisionVotes.userId,
      name: users.name,
      optionId: decisionVotes.optionId,
      comment: decisionVotes.comment,
      updatedAt: decisionVotes.updatedAt,
    })
    .from(decisionVotes)
    .innerJoin(users, eq(users.id, decisionVotes.userId))
    .where(eq(decisionVotes.decisionId, decisionId))
    .orderBy(desc(decisionVotes.updatedAt));
}

export async function voteCount(db: Db, decisionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(decisionVotes).where(eq(decisionVotes.decisionId, decisionId));
  return Number(row?.n ?? 0);
}

export async function upsertVote(
  db: Db,
  v: { decisionId: string; userId: string; optionId: string; comment: string | null },
): Promise<{ previous: string | null }> {
  const [before] = await db
    .select({ optionId: decisionVotes.optionId })
    .from(decisionVotes)
    .where(and(eq(decisionVotes.decisionId, v.decisionId), eq(decisionVotes.userId, v.userId)));
  await db
    .insert(decisionVotes)
    .values(v)
    .onConflictDoUpdate({
      target: [decisionVotes.decisionId, decisionVotes.userId],
      set: { optionId: v.optionId, comment: v.comment, updatedAt: new Date() },
    });
  return { previous: before?.optionId ?? null };
}

export async function deleteVote(db: Db, decisionId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(decisionVotes)
    .where(and(eq(decisionVotes.decisionId, decisionId), eq(decisionVotes.userId, userId)))
    .returning({ d: decisionVotes.decisionId });
  return rows.length > 0;
}

export async function linksOf(db: Db, decisionId: string): Promise<{ kind: LinkKind; id: string }[]> {
  const rows = await db
    .select({ kind: decisionLinks.kind, id: decisionLinks.recordId })
    .from(decisionLinks)
    .where(eq(decisionLinks.decisionId, decisionId))
    .orderBy(asc(decisionLinks.kind), asc(decisionLinks.recordId));
  return rows;
}

/** Current names of linked records of the workspace, keyed "kind:id"; a missing key is a record that does not exist (here). */
export async function recordNames(db: Db, workspaceId: string, links: { kind: LinkKind; id: string }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = (kind: LinkKind) => [...new Set(links.filter((l) => l.kind === kind).map((l) => l.id))];
  const put = (kind: LinkKind, rows: { id: string; name: string | null }[]) => {
    for (const r of rows) out.set(`${kind}:${r.id}`, r.name?.trim() || "(no name)");
  };
  const lead = ids("lead");
  if (lead.length)
    put(
      "lead",
      await db
        .select({
          id: leads.id,
          name: sql<
            string | null
          >`coalesce(nullif(trim(coalesce(${leads.firstName}, '') || ' ' || coalesce(${leads.lastName}, '')), ''), ${leads.email}, ${leads.companyName})`,
        })
        .from(leads)
        .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, lead))),
    );
  const campaign = ids("campaign");
  if (campaign.length)
    put(
      "campaign",
      await db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.id, campaign))),
    );
  const deal = ids("deal");
  if (deal.length)
    put(
      "deal",
      await db
        .select({ id: crmDeals.id, name: crmDeals.name })
        .from(crmDeals)
        .where(and(eq(crmDeals.workspaceId, workspaceId), inArray(crmDeals.id, deal))),
    );
  const customer = ids("customer");
  if (customer.length)
    put(
      "customer",
      await db
        .select({ id: crmCustomers.id, name: crmCustomers.name })
        .from(crmCustomers)
        .where(and(eq(crmCustomers.workspaceId, workspaceId), inArray(crmCustomers.id, customer))),
    );
  const task = ids("task");
  if (task.length)
    put(
      "task",
      await db
        .select({ id: crmTasks.id, name: crmTasks.title })
        .from(crmTasks)
        .where(and(eq(crmTasks.workspaceId, workspaceId), inArray(crmTasks.id, task))),
    );
  return out;
}

export async function userNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Active members of the workspace with their role (who may vote, who is notified). */
export async function activeMembers(db: Db, workspaceId: string): Promise<{ userId: string; role: string }[]> {
  return db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active")));
}

export interface ListFilter {
  workspaceId: string;
  userId: string;
  status?: StatusValue;
  mineToVote: boolean;
  link?: { kind: LinkKind; id: string };
  search?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(f: ListFilter, withStatus: boolean): SQL[] {
  const c: SQL[] = [eq(decisions.workspaceId, f.workspaceId)];
  if (withStatus && f.status) c.push(eq(decisions.status, f.status));
  if (f.mineToVote) {
    c.push(eq(decisions.status, "open"));
    c.push(sql`not exists (select 1 from ${decisionVotes} v where v.decision_id = ${decisions.id} and v.user_id = ${f.userId})`);
  }
  if (f.link) {
    c.push(
      sql`exists (select 1 from ${decisionLinks} l where l.decision_id = ${decisions.id} and l.workspace_id = ${f.workspaceId} and l.kind = ${f.link.kind} and l.record_id = ${f.link.id})`,
    );
  }
  if (f.search) c.push(sql`${decisions.question} ilike ${`%${escapeLike(f.search)}%`}`);
  return c;
}

export type ListCursor = { sort: "newest"; createdAt: Date; id: string } | { sort: "due"; dueAt: Date | null; id: string };

export interface ListRow {
  id: string;
  question: string;
  status: StatusValue;
  dueAt: Date | null;
  createdBy: string | null;
  creatorName: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  outcomeLabel: string | null;
  optionsCount: number;
  votesCount: number;
  myVote: string | null;
}

export async function listPage(db: Db, f: ListFilter, sort: "newest" | "due", limit: number, after: ListCursor | null): Promise<ListRow[]> {
  const c = filterConditions(f, true);
  if (after?.sort === "newest") {
    c.push(or(lt(decisions.createdAt, after.createdAt), and(eq(decisions.createdAt, after.createdAt), lt(decisions.id, after.id)))!);
  } else if (after?.sort === "due") {
    // Soonest first, decisions without a date last; ties by id.
    c.push(
      after.dueAt
        ? or(gt(decisions.dueAt, after.dueAt), and(eq(decisions.dueAt, after.dueAt), gt(decisions.id, after.id)), isNull(decisions.dueAt))!
        : and(isNull(decisions.dueAt), gt(decisions.id, after.id))!,
    );
  }
  const order =
    sort === "newest" ? [desc(decisions.createdAt), desc(decisions.id)] : [sql`${decisions.dueAt} asc nulls last`, asc(decisions.id)];
  return db
    .select({
      id: decisions.id,
      question: decisions.question,
      status: decisions.status,
      dueAt: decisions.dueAt,
      createdBy: decisions.createdBy,
      creatorName: users.name,
      createdAt: decisions.createdAt,
      decidedAt: decisions.decidedAt,
      outcomeLabel: sql<string | null>`(select o.label from ${decisionOptions} o where o.id = ${decisions.outcomeOptionId})`,
      optionsCount: sql<number>`(select count(*)::int from ${decisionOptions} o where o.decision_id = ${decisions.id})`,
      votesCount: sql<number>`(select count(*)::int from ${decisionVotes} v where v.decision_id = ${decisions.id})`,
      myVote: sql<
        string | null
      >`(select v.option_id from ${decisionVotes} v where v.decision_id = ${decisions.id} and v.user_id = ${f.userId})`,
    })
    .from(decisions)
    .leftJoin(users, eq(users.id, decisions.createdBy))
    .where(and(...c))
    .orderBy(...order)
    .limit(limit + 1);
}

/** Per status under the same filters (the status itself aside). */
export async function statusCounts(db: Db, f: ListFilter): Promise<Record<StatusValue, number>> {
  const rows = await db
    .select({ status: decisions.status, n: count() })
    .from(decisions)
    .where(and(...filterConditions(f, false)))
    .groupBy(decisions.status);
  const out: Record<StatusValue, number> = { open: 0, decided: 0, cancelled: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

export async function threadPage(db: Db, decisionId: string, limit: number, after: { createdAt: Date; id: string } | null) {
  const c: SQL[] = [eq(decisionEvents.decisionId, decisionId)];
  if (after)
    c.push(
      or(
        gt(decisionEvents.createdAt, after.createdAt),
        and(eq(decisionEvents.createdAt, after.createdAt), gt(decisionEvents.id, after.id)),
      )!,
    );
  return db
    .select({
      id: decisionEvents.id,
      kind: decisionEvents.kind,
      userId: decisionEvents.userId,
      name: users.name,
      body: decisionEvents.body,
      detail: decisionEvents.detail,
      createdAt: decisionEvents.createdAt,
    })
    .from(decisionEvents)
    .leftJoin(users, eq(users.id, decisionEvents.userId))
    .where(and(...c))
    .orderBy(asc(decisionEvents.createdAt), asc(decisionEvents.id))
    .limit(limit + 1);
}

/** Members to tell about a decision: every active member but the one who acted. */
export async function othersToNotify(db: Db, workspaceId: string, actorId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active"), ne(workspaceMembers.userId, actorId)));
  return rows.map((r) => r.userId);
}

const leadName = sql<
  string | null
>`coalesce(nullif(trim(coalesce(${leads.firstName}, '') || ' ' || coalesce(${leads.lastName}, '')), ''), ${leads.email}, ${leads.companyName})`;

/** Up to `limit` records of one kind whose name matches (each table's own trigram-indexed search text), newest first. */
export async function linkable(
  db: Db,
  workspaceId: string,
  kind: LinkKind,
  search: string,
  limit: number,
): Promise<{ id: string; name: string | null }[]> {
  const like = `%${escapeLike(search.toLowerCase())}%`;
  switch (kind) {
    case "lead":
      return db
        .select({ id: leads.id, name: leadName })
        .from(leads)
        .where(and(eq(leads.workspaceId, workspaceId), search ? sql`${LEAD_SEARCH_EXPR} ilike ${like}` : undefined))
        .orderBy(desc(leads.createdAt))
        .limit(limit);
    case "campaign":
      return db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), search ? sql`${campaigns.name} ilike ${like}` : undefined))
        .orderBy(desc(campaigns.createdAt))
        .limit(limit);
    case "deal":
      return db
        .select({ id: crmDeals.id, name: crmDeals.name })
        .from(crmDeals)
        .where(and(eq(crmDeals.workspaceId, workspaceId), search ? sql`${DEAL_SEARCH_EXPR} like ${like}` : undefined))
        .orderBy(desc(crmDeals.createdAt))
        .limit(limit);
    case "customer":
      return db
        .select({ id: crmCustomers.id, name: crmCustomers.name })
        .from(crmCustomers)
        .where(and(eq(crmCustomers.workspaceId, workspaceId), search ? sql`${CUSTOMER_SEARCH_EXPR} like ${like}` : undefined))
        .orderBy(desc(crmCustomers.createdAt))
        .limit(limit);
    case "task":
      return db
        .select({ id: crmTasks.id, name: crmTasks.title })
        .from(crmTasks)
        .where(and(eq(crmTasks.workspaceId, workspaceId), search ? sql`${crmTasks.title} ilike ${like}` : undefined))
        .orderBy(desc(crmTasks.createdAt))
        .limit(limit);
  }
}
