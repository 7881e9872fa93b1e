/**
 * The team decision log's rules (docs/team-decisions.md). Any member reads; members other than
 * viewers create, vote and comment; the creator or anyone holding team:update edits, decides,
 * cancels and reopens. A decided or cancelled decision is read-only until reopened with a reason.
 * Every change lands in the decision's thread in the same transaction.
 */
import type {
  Decision,
  DecisionCancelInput,
  DecisionCommentInput,
  DecisionCreateInput,
  DecisionDecideInput,
  DecisionEvent,
  DecisionEventKind,
  DecisionLinkable,
  DecisionLinkableQuery,
  DecisionLinkInput,
  DecisionListQuery,
  DecisionPage,
  DecisionReopenInput,
  DecisionThread,
  DecisionThreadQuery,
  DecisionUpdateInput,
  DecisionVoteInput,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { createNotification } from "../notifications/index.ts";
import * as repo from "./decisions.repository.ts";

type Ctx = Pick<AppContext, "db" | "access" | "realtime" | "log">;

/** Roles that read the log but do not take part (the seeded read-only role). */
const READ_ONLY_ROLES = new Set(["viewer"]);

const mayTakePart = (role: string) => !READ_ONLY_ROLES.has(role);

function requireParticipant(auth: AuthContext): void {
  if (!mayTakePart(auth.role)) throw new AppError("DECISION_READ_ONLY_ROLE");
}

async function mayManage(ctx: Ctx, auth: AuthContext, row: repo.DecisionRow): Promise<boolean> {
  if (row.createdBy === auth.userId && mayTakePart(auth.role)) return true;
  return (await ctx.access.check(auth, "team", "update")).allowed;
}

async function requireManager(ctx: Ctx, auth: AuthContext, row: repo.DecisionRow): Promise<void> {
  if (!(await mayManage(ctx, auth, row))) throw new AppError("DECISION_MANAGE_FORBIDDEN");
}

function requireOpen(row: repo.DecisionRow): void {
  if (row.status !== "open") throw new AppError("DECISION_NOT_OPEN");
}

async function load(db: Ctx["db"], auth: AuthContext, id: string, lock = false): Promise<repo.DecisionRow> {
  const row = isUuid(id) ? await repo.findDecision(db, auth.workspaceId, id, lock) : null;
  if (!row) throw new AppError("DECISION_NOT_FOUND");
  return row;
}

/** Every linked record must exist in the caller's workspace; the first that does not is named by its index (422). */
async function checkLinks(db: Ctx["db"], workspaceId: string, links: DecisionLinkInput[]): Promise<void> {
  const names = await repo.recordNames(db, workspaceId, links);
  const errors = links
    .map((l, i) =>
      names.has(`${l.kind}:${l.id}`) ? null : { field: `links.${i}.id`, message: `No ${l.kind} with this id in this workspace` },
    )
    .filter((e): e is { field: string; message: string } => e !== null);
  if (errors.length) throw validationError(errors);
}

const person = (id: string | null, names: Map<string, string>) => (id ? { id, name: names.get(id) ?? "Former member" } : null);

async function view(ctx: Ctx, auth: AuthContext, row: repo.DecisionRow): Promise<Decision> {
  const [options, votes, links, members, canManage] = await Promise.all([
    repo.optionsWithTally(ctx.db, row.id),
    repo.votesOf(ctx.db, row.id),
    repo.linksOf(ctx.db, row.id),
    repo.activeMembers(ctx.db, auth.workspaceId),
    mayManage(ctx, auth, row),
  ]);
  const [recordNames, people] = await Promise.all([
    repo.recordNames(ctx.db, auth.workspaceId, links),
    repo.userNames(ctx.db, [row.createdBy, row.decidedBy]),
  ]);
  const chosen = options.find((o) => o.id === row.outcomeOptionId);
  return {
    id: row.id,
    question: row.question,
    context: row.context,
    status: row.status,
    due_at: row.dueAt?.toISOString() ?? null,
    options: options.map((o) => ({ id: o.id, label: o.label, description: o.description, votes: Number(o.votes) })),
    votes: votes.map((v) => ({
      user: { id: v.userId, name: v.name },
      option_id: v.optionId,
      comment: v.comment,
      updated_at: v.updatedAt.toISOString(),
    })),
    my_vote: votes.find((v) => v.userId === auth.userId)?.optionId ?? null,
    voters: members.filter((m) => mayTakePart(m.role)).length,
    outcome:
      row.status === "decided" && chosen && row.decidedAt
        ? {
            option_id: chosen.id,
            label: chosen.label,
            rationale: row.rationale ?? "",
            decided_by: person(row.decidedBy, people),
            decided_at: row.decidedAt.toISOString(),
          }
        : null,
    cancel_reason: row.status === "cancelled" ? row.cancelReason : null,
    links: links.map((l) => {
      const name = recordNames.get(`${l.kind}:${l.id}`);
      return { kind: l.kind, id: l.id, name: name ?? null, deleted: name === undefined };
    }),
    created_by: person(row.createdBy, people),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_vote: row.status === "open" && mayTakePart(auth.role),
    can_comment: mayTakePart(auth.role),
    can_manage: canManage,
    options_locked: votes.length > 0,
  };
}

/** Tells every other active member; a failure is logged and never undoes the change. */
async function notifyTeam(ctx: Ctx, auth: AuthContext, row: repo.DecisionRow, title: string, message: string): Promise<void> {
  const others = await repo.othersToNotify(ctx.db, auth.workspaceId, auth.userId);
  for (const userId of others) {
    await createNotification(ctx, {
      workspaceId: auth.workspaceId,
      userId,
      type: "info",
      title,
      message,
      link: `/collaboration/decisions?id=${row.id}`,
      data: { decision_id: row.id },
    }).catch((err: unknown) => ctx.log.warn({ err, decisionId: row.id }, "decision notification not sent"));
  }
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export async function createDecision(ctx: Ctx, auth: AuthContext, input: DecisionCreateInput): Promise<Decision> {
  requireParticipant(auth);
  const links = input.links ?? [];
  const row = await transaction(ctx.db, async (tx) => {
    await checkLinks(tx, auth.workspaceId, links);
    const d = await repo.insertDecision(tx, {
      workspaceId: auth.workspaceId,
      question: input.question,
      context: input.context ?? "",
      dueAt: input.due_at ? new Date(input.due_at) : null,
      createdBy: auth.userId,
    });
    await repo.replaceOptions(tx, d.id, input.options);
    await repo.replaceLinks(tx, auth.workspaceId, d.id, links);
    await repo.insertEvent(tx, { decisionId: d.id, userId: auth.userId, kind: "created", body: input.question });
    return d;
  });
  await notifyTeam(ctx, auth, row, `New decision: ${clip(row.question, 120)}`, `${auth.name} asks the team to vote.`);
  return view(ctx, auth, row);
}

export async function getDecision(ctx: Ctx, auth: AuthContext, id: string): Promise<Decision> {
  return view(ctx, auth, await load(ctx.db, auth, id));
}

export async function updateDecision(ctx: Ctx, auth: AuthContext, id: string, input: DecisionUpdateInput): Promise<Decision> {
  const row = await transaction(ctx.db, async (tx) => {
    const d = await load(tx, auth, id, true);
    await requireManager(ctx, auth, d);
    requireOpen(d);
    const fields: string[] = [];
    const set: Parameters<typeof repo.updateDecision>[2] = {};
    if (input.question !== undefined && input.question !== d.question) {
      set.question = input.question;
      fields.push("question");
    }
    if (input.context !== undefined && input.context !== d.context) {
      set.context = input.context;
      fields.push("context");
    }
    if (input.due_at !== undefined) {
      const due = input.due_at ? new Date(input.due_at) : null;
      if ((due?.getTime() ?? null) !== (d.dueAt?.getTime() ?? null)) {
        set.dueAt = due;
        fields.push("due_at");
      }
    }
    if (input.links !== undefined) {
      await checkLinks(tx, auth.workspaceId, input.links);
      await repo.replaceLinks(tx, auth.workspaceId, d.id, input.links);
      fields.push("links");
    }
    if (input.options !== undefined) {
      if ((await repo.voteCount(tx, d.id)) > 0) throw new AppError("DECISION_OPTIONS_LOCKED");
      await repo.replaceOptions(tx, d.id, input.options);
      await repo.insertEvent(tx, {
        decisionId: d.id,
        userId: auth.userId,
        kind: "options_changed",
        detail: { options: input.options.map((o) => o.label) },
      });
    }
    if (fields.length || input.options !== undefined) await repo.updateDecision(tx, d.id, set);
    if (fields.length) await repo.insertEvent(tx, { decisionId: d.id, userId: auth.userId, kind: "edited", detail: { fields } });
    return (await repo.findDecision(tx, auth.workspaceId, d.id))!;
  });
  return view(ctx, auth, row);
}

export async function castVote(ctx: Ctx, auth: AuthContext, id: string, input: DecisionVoteInput): Promise<Decision> {
  requireParticipant(auth);
  const row = await transaction(ctx.db, async (tx) => {
    const d = await load(tx, auth, id, true);
    requireOpen(d);
    const options = await repo.optionsWithTally(tx, d.id);
    const option = options.find((o) => o.id === input.option_id);
    if (!option) throw validationError([{ field: "option_id", message: "Not one of this decision's options" }]);
    const { previous } = await repo.upsertVote(tx, {
      decisionId: d.id,
      userId: auth.userId,
      optionId: option.id,
      comment: input.comment || null,
    });
    await repo.insertEvent(tx, {
      decisionId: d.id,
      userId: auth.userId,
      kind: "voted",
      body: input.comment || null,
      detail: {
        option_id: option.id,
        option: option.label,
        ...(previous && previous !== option.id ? { previous: options.find((o) => o.id === previous)?.label ?? null } : {}),
        changed: previous !== null,
      },
    });
    return d;
  });
  return view(ctx, auth, row);
}

export async function withdrawVote(ctx: Ctx, auth: AuthContext, id: string): Promise<Decision> {
  const row = await transaction(ctx.db, async (tx) => {
    const d = await load(tx, auth, id, true);
    requireOpen(d);
    if (!(await repo.deleteVote(tx, d.id, auth.userId))) throw new AppError("DECISION_VOTE_NOT_FOUND");
    await repo.insertEvent(tx, { decisionId: d.id, userId: auth.userId, kind: "vote_withdrawn" });
    return d;
  });
  return view(ctx, auth, row);
}

export async function decide(ctx: Ctx, auth: AuthContext, id: string, input: DecisionDecideInput): Promise<Decision> {
  const { row, label } = await transaction(ctx.db, async (tx) => {
    const d = await load(tx, auth, id, true);
    await requireManager(ctx, auth, d);
    requireOpen(d);
    const option = (await repo.optionsWithTally(tx, d.id)).find((o) => o.id === input.option_id);
    if (!option) throw validationError([{ field: "option_id", message: "Not one of this decision's options" }]);
    const now = new Date();
    await repo.updateDecision(tx, d.id, {
      status: "decided",
      outcomeOptionId: option.id,
      rationale: input.rationale,
      decidedBy: auth.userId,
      decidedAt: now,
      cancelReason: null,
    });
    await repo.insertEvent(tx, {
      decisionId: d.id,
      userId: auth.userId,
      kind: "decided",
      body: input.rationale,
      detail: { option_id: option.id, option: option.label },
    });
    return { row: (await repo.findDecision(tx, auth.workspaceId, d.id))!, label: option.label };
  });
  await notifyTeam(ctx, auth, row, `Decided: ${clip(row.question, 120)}`, `${auth.name} chose "${clip(label, 120)}".`);
  return view(ctx, auth, row);
}

export async function cancel(ctx: Ctx, auth: AuthContext, id: string, input: DecisionCancelInput): Promise<Decision> {
  const row = await transaction(ctx.db, async (tx) => {
    const d = await load(tx, auth, id, true);
    await requireManager(ctx, auth, d);
    requireOpen(d);
    await repo.updateDecision(tx, d.id, { status: "cancelled", cancelReason: input.reason || null });
    await repo.insertEvent(tx, { decisionId: d.id, userId: auth.userId, kind: "cancelled", body: input.reason || null });
    return (await repo.findDecision(tx, auth.workspaceId, d.id))!;
  });
  return view(ctx, auth, row);
}

/** Back to open: the outcome is cleared (the thread keeps it), votes stay and may change again. */
export async function reopen(ctx: Ctx, auth: AuthContext, id: string, input: DecisionReopenInput): Promise<Decision> {
  const row = await transaction(ctx.db, async (tx) => {
    const d = await load(tx, auth, id, true);
    await requireManager(ctx, auth, d);
    if (d.status === "open") throw new AppError("DECISION_NOT_CLOSED");
    await repo.updateDecision(tx, d.id, {
      status: "open",
      outcomeOptionId: null,
      rationale: null,
      decidedBy: null,
      decidedAt: null,
      cancelReason: null,
    });
    await repo.insertEvent(tx, { decisionId: d.id, userId: auth.userId, kind: "reopened", body: input.reason, detail: { from: d.status } });
    return (await repo.findDecision(tx, auth.workspaceId, d.id))!;
  });
  return view(ctx, auth, row);
}

/** Comments are the discussion: allowed in any status (explaining a decision after the fact is useful). */
export async function comment(ctx: Ctx, auth: AuthContext, id: string, input: DecisionCommentInput): Promise<DecisionEvent> {
  requireParticipant(auth);
  const d = await load(ctx.db, auth, id);
  const e = await repo.insertEvent(ctx.db, { decisionId: d.id, userId: auth.userId, kind: "commented", body: input.body });
  return {
    id: e.id,
    kind: "commented",
    user: { id: auth.userId, name: auth.name },
    body: input.body,
    detail: {},
    created_at: e.createdAt.toISOString(),
  };
}

export async function thread(ctx: Ctx, auth: AuthContext, id: string, q: DecisionThreadQuery): Promise<DecisionThread> {
  const d = await load(ctx.db, auth, id);
  let after: { createdAt: Date; id: string } | null = null;
  if (q.cursor) {
    const [t, eid] = decodeKeyset(q.cursor) ?? [];
    const at = typeof t === "string" ? new Date(t) : null;
    if (!at || Number.isNaN(at.getTime()) || typeof eid !== "string" || !isUuid(eid)) throw badCursor();
    after = { createdAt: at, id: eid };
  }
  const rows = await repo.threadPage(ctx.db, d.id, q.limit, after);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      kind: r.kind as DecisionEventKind,
      user: r.userId ? { id: r.userId, name: r.name ?? "Former member" } : null,
      body: r.body,
      detail: r.detail,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

function listCursor(q: DecisionListQuery): repo.ListCursor | null {
  if (!q.cursor) return null;
  const [v, id] = decodeKeyset(q.cursor) ?? [];
  if (typeof id !== "string" || !isUuid(id) || typeof v !== "string") throw badCursor();
  if (q.sort === "due") {
    if (v === "") return { sort: "due", dueAt: null, id };
    const at = new Date(v);
    if (Number.isNaN(at.getTime())) throw badCursor();
    return { sort: "due", dueAt: at, id };
  }
  const at = new Date(v);
  if (Number.isNaN(at.getTime())) throw badCursor();
  return { sort: "newest", createdAt: at, id };
}

export async function listDecisions(ctx: Ctx, auth: AuthContext, q: DecisionListQuery): Promise<DecisionPage> {
  const filter: repo.ListFilter = {
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    status: q.status,
    mineToVote: q.mine_to_vote,
    link: q.link_kind && q.link_id ? { kind: q.link_kind, id: q.link_id } : undefined,
    search: q.search || undefined,
  };
  const after = listCursor(q);
  const [rows, counts] = await Promise.all([repo.listPage(ctx.db, filter, q.sort, q.limit, after), repo.statusCounts(ctx.db, filter)]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      question: r.question,
      status: r.status,
      due_at: r.dueAt?.toISOString() ?? null,
      created_by: r.createdBy ? { id: r.createdBy, name: r.creatorName ?? "Former member" } : null,
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
      outcome_label: r.status === "decided" ? r.outcomeLabel : null,
      options_count: Number(r.optionsCount),
      votes_count: Number(r.votesCount),
      my_vote: r.myVote,
    })),
    next_cursor:
      rows.length > q.limit && last
        ? q.sort === "due"
          ? encodeKeyset(last.dueAt?.toISOString() ?? "", last.id)
          : encodeKeyset(last.createdAt.toISOString(), last.id)
        : null,
    counts,
  };
}

export async function linkable(ctx: Ctx, auth: AuthContext, q: DecisionLinkableQuery): Promise<DecisionLinkable> {
  const rows = await repo.linkable(ctx.db, auth.workspaceId, q.kind, q.search, q.limit);
  return { items: rows.map((r) => ({ kind: q.kind, id: r.id, name: r.name?.trim() || "(no name)" })) };
}
