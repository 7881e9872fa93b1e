/**
 * AI agents' rules (docs/ai/agents.md): per-workspace settings, starting a run (the subject must
 * be the workspace's), the run list and a run's detail, and the approval of its proposals: approve
 * applies (keeping the previous values), reject discards, revert restores.
 */
import {
  type AiAgentKind,
  type AiAgentProposal,
  type AiAgentRun,
  type AiAgentRunCreate,
  type AiAgentRunDetail,
  type AiAgentRunListQuery,
  type AiAgentRunPage,
  type AiAgentSetting,
  type AiAgentSettings,
  type AiAgentSettingsUpdate,
  AiAgentKind as Kinds,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { requirePermission } from "../access/index.ts";
import { llmConfigured } from "../ai-ledger/index.ts";
import { getDeal } from "../crm/index.ts";
import { getLead } from "../leads/index.ts";
import { applyProposal, revertProposal } from "./ai-agents.apply.ts";
import * as repo from "./ai-agents.repository.ts";
import { AGENT_RUN_JOB } from "./ai-agents.run.ts";

type Ctx = AppContext;

const SUBJECT: Record<AiAgentKind, AiAgentSetting["subject_type"]> = {
  research_lead: "lead",
  draft_reply: "reply",
  classify_replies: "workspace",
  next_step_deal: "deal",
};
/** The right a kind's runs and approvals need: they change leads, campaign replies or the CRM. */
export const PERMISSION: Record<AiAgentKind, [string, string]> = {
  research_lead: ["leads", "update"],
  draft_reply: ["campaigns", "update"],
  classify_replies: ["campaigns", "update"],
  next_step_deal: ["crm", "update"],
};
const DEFAULTS: Record<AiAgentKind, { tokens: number; pages: number; seconds: number }> = {
  research_lead: { tokens: 4000, pages: 5, seconds: 90 },
  draft_reply: { tokens: 2000, pages: 0, seconds: 60 },
  classify_replies: { tokens: 8000, pages: 0, seconds: 120 },
  next_step_deal: { tokens: 2000, pages: 0, seconds: 60 },
};

function toSetting(kind: AiAgentKind, row: repo.SettingRow | undefined): AiAgentSetting {
  return {
    kind,
    enabled: row?.enabled ?? true,
    autopilot: row?.autopilot ?? false,
    budget: row ? { tokens: row.budgetTokens, pages: row.budgetPages, seconds: row.budgetSeconds } : DEFAULTS[kind],
    schedule_hours: row?.scheduleHours ?? null,
    subject_type: SUBJECT[kind],
  };
}

export async function getSettings(ctx: Pick<AppContext, "db" | "config">, workspaceId: string): Promise<AiAgentSettings> {
  const rows = await repo.settings(ctx.db, workspaceId);
  return {
    agents: Kinds.options.map((k) =>
      toSetting(
        k,
        rows.find((r) => r.kind === k),
      ),
    ),
    llm: llmConfigured(ctx),
  };
}

export async function putSettings(ctx: Ctx, auth: AuthContext, input: AiAgentSettingsUpdate): Promise<AiAgentSettings> {
  const current = await getSettings(ctx, auth.workspaceId);
  for (const change of input.agents) await requirePermission(ctx, auth, ...PERMISSION[change.kind]);
  for (const change of input.agents) {
    const s = { ...current.agents.find((a) => a.kind === change.kind)!, ...dropUndefined(change) };
    await repo.upsertSetting(ctx.db, {
      workspaceId: auth.workspaceId,
      kind: s.kind,
      enabled: s.enabled,
      autopilot: s.autopilot,
      budgetTokens: s.budget.tokens,
      budgetPages: s.budget.pages,
      budgetSeconds: s.budget.seconds,
      scheduleHours: s.kind === "classify_replies" ? s.schedule_hours : null,
    });
  }
  return getSettings(ctx, auth.workspaceId);
}

const dropUndefined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The subject's label, after checking it belongs to the workspace. */
async function subjectLabel(ctx: Ctx, workspaceId: string, kind: AiAgentKind, id: string | undefined): Promise<string | null> {
  if (kind === "classify_replies") return "Unclassified replies";
  if (!id) throw new AppError("AI_AGENT_SUBJECT_REQUIRED");
  const missing = () => new AppError("AI_AGENT_SUBJECT_NOT_FOUND");
  if (kind === "research_lead") {
    const lead = await getLead(ctx, workspaceId, id).catch(() => null);
    if (!lead) throw missing();
    return [lead.first_name, lead.last_name].filter(Boolean).join(" ") || lead.email || lead.company_name || "Lead";
  }
  if (kind === "next_step_deal") {
    const deal = await getDeal(ctx, workspaceId, id).catch(() => null);
    if (!deal) throw missing();
    return deal.name;
  }
  const reply = await repo.replyEvent(ctx.db, workspaceId, id);
  if (!reply?.leadId) throw missing();
  const d = (reply.detail ?? {}) as { from?: string; subject?: string };
  return `${d.from ?? "Reply"}${d.subject ? `: ${d.subject}` : ""}`.slice(0, 200);
}

export async function startRun(
  ctx: Ctx,
  auth: Pick<AuthContext, "workspaceId" | "userId"> | null,
  workspaceId: string,
  kind: AiAgentKind,
  input: AiAgentRunCreate,
): Promise<AiAgentRun> {
  const setting = (await getSettings(ctx, workspaceId)).agents.find((a) => a.kind === kind)!;
  if (!setting.enabled) throw new AppError("AI_AGENT_DISABLED");
  const label = await subjectLabel(ctx, workspaceId, kind, input.subject_id);
  const budget = { ...setting.budget, ...dropUndefined(input.budget ?? {}) };
  const run = await repo.insertRun(ctx.db, {
    workspaceId,
    kind,
    subjectType: SUBJECT[kind],
    subjectId: kind === "classify_replies" ? null : input.subject_id!,
    subjectLabel: label,
    budgetTokens: budget.tokens,
    budgetPages: budget.pages,
    budgetSeconds: budget.seconds,
    autopilot: setting.autopilot,
    createdBy: auth?.userId ?? null,
  });
  await ctx.jobs.send(AGENT_RUN_JOB, { runId: run.id }, { singletonKey: `ai-agent-run:${run.id}` });
  return toRun(run, 0);
}

export function toRun(r: repo.RunRow, pending: number): AiAgentRun {
  return {
    id: r.id,
    kind: r.kind as AiAgentKind,
    status: r.status as AiAgentRun["status"],
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    subject_label: r.subjectLabel,
    engine: r.engine,
    budget: { tokens: r.budgetTokens, pages: r.budgetPages, seconds: r.budgetSeconds },
    usage: { tokens: r.usedTokens, pages: r.usedPages, seconds: Math.round(r.usedMs / 100) / 10 },
    progress: r.progress,
    stage: r.stage,
    error: r.error,
    pending_proposals: pending,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export async function listRuns(ctx: Pick<AppContext, "db">, workspaceId: string, q: AiAgentRunListQuery): Promise<AiAgentRunPage> {
  let after: [string, string] | null = null;
  if (q.cursor) {
    const k = decodeKeyset(q.cursor);
    if (!k || typeof k[0] !== "string" || Number.isNaN(Date.parse(k[0]))) throw badCursor();
    after = [k[0], k[1]];
  }
  const rows = await repo.listRuns(ctx.db, workspaceId, {
    kind: q.kind,
    status: q.status,
    pending: q.pending === "true",
    after,
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  const pending = await repo.pendingCounts(
    ctx.db,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  return {
    runs: page.map((r) => toRun(r, pending.get(r.id) ?? 0)),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

export function toProposal(p: repo.ProposalRow): AiAgentProposal {
  return {
    id: p.id,
    run_id: p.runId,
    payload: p.payload,
    explanation: p.explanation,
    status: p.status as AiAgentProposal["status"],
    previous: p.previous,
    result: p.result,
    decided_by: p.decidedBy,
    decided_at: p.decidedAt?.toISOString() ?? null,
    autopilot: p.autopilot,
  };
}

async function requireRun(ctx: Pick<AppContext, "db">, workspaceId: string, id: string) {
  const run = await repo.runById(ctx.db, id, workspaceId);
  if (!run) throw new AppError("AI_AGENT_RUN_NOT_FOUND");
  return run;
}

export async function runDetail(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<AiAgentRunDetail> {
  const run = await requireRun(ctx, workspaceId, id);
  const [steps, proposals] = await Promise.all([repo.steps(ctx.db, id), repo.proposals(ctx.db, id)]);
  return {
    ...toRun(run, proposals.filter((p) => p.status === "pending").length),
    steps: steps.map((s) => ({
      seq: s.seq,
      kind: s.kind as AiAgentRunDetail["steps"][number]["kind"],
      text: s.text,
      data: s.data,
      tokens: s.tokens,
      duration_ms: s.durationMs,
      created_at: s.createdAt.toISOString(),
    })),
    proposals: proposals.map(toProposal),
    action_ids: await repo.actionIds(ctx.db, id),
  };
}

export async function cancelRun(ctx: Ctx, auth: AuthContext, id: string): Promise<AiAgentRunDetail> {
  const run = await requireRun(ctx, auth.workspaceId, id);
  await requirePermission(ctx, auth, ...PERMISSION[run.kind as AiAgentKind]);
  if (run.status === "queued") await repo.updateRun(ctx.db, id, { status: "cancelled", stage: "cancelled", finishedAt: new Date() });
  else if (run.status === "running") await repo.updateRun(ctx.db, id, { cancelRequested: true });
  else throw new AppError("AI_AGENT_RUN_FINISHED");
  return runDetail(ctx, auth.workspaceId, id);
}

export type Decision = "approve" | "reject" | "revert";

export async function decide(ctx: Ctx, auth: AuthContext, runId: string, proposalId: string, decision: Decision): Promise<AiAgentProposal> {
  const run = await requireRun(ctx, auth.workspaceId, runId);
  await requirePermission(ctx, auth, ...PERMISSION[run.kind as AiAgentKind]);
  const p = await repo.proposalById(ctx.db, auth.workspaceId, runId, proposalId);
  if (!p) throw new AppError("AI_AGENT_PROPOSAL_NOT_FOUND");
  const decided = { decidedBy: auth.userId, decidedAt: new Date() };
  if (decision === "reject") {
    if (!(await repo.decideProposal(ctx.db, p.id, "pending", { status: "rejected", ...decided })))
      throw new AppError("AI_AGENT_PROPOSAL_DECIDED");
    await logDecision(ctx, run, `Rejected by a user: ${p.id}`);
  } else if (decision === "approve") {
    if (p.status !== "pending") throw new AppError("AI_AGENT_PROPOSAL_DECIDED");
    const applied = await applyProposal(ctx, run, p, auth.userId);
    if (!(await repo.decideProposal(ctx.db, p.id, "pending", { status: "approved", ...applied, ...decided }))) {
      throw new AppError("AI_AGENT_PROPOSAL_DECIDED");
    }
    await logDecision(ctx, run, `Approved and applied by a user: ${p.id}`);
  } else {
    if (p.status !== "approved") throw new AppError("AI_AGENT_PROPOSAL_DECIDED");
    await revertProposal(ctx, run, p);
    if (!(await repo.decideProposal(ctx.db, p.id, "approved", { status: "reverted", ...decided })))
      throw new AppError("AI_AGENT_PROPOSAL_DECIDED");
    await logDecision(ctx, run, `Reverted by a user: ${p.id}`);
  }
  return toProposal((await repo.proposalById(ctx.db, auth.workspaceId, runId, proposalId))!);
}

async function logDecision(ctx: Pick<AppContext, "db">, run: repo.RunRow, text: string) {
  const seq = await repo.nextSeq(ctx.db, run.id);
  await repo.insertStep(ctx.db, { runId: run.id, seq, kind: "applied", text });
}

/** Applies a finished autopilot run's pending proposals (recorded as applied by the agent). */
export async function autopilot(ctx: Ctx, runId: string): Promise<void> {
  const run = await repo.runById(ctx.db, runId);
  if (!run?.autopilot || run.status !== "done") return;
  for (const p of await repo.proposals(ctx.db, runId)) {
    if (p.status !== "pending") continue;
    try {
      const applied = await applyProposal(ctx, run, p, null);
      await repo.decideProposal(ctx.db, p.id, "pending", { status: "approved", autopilot: true, decidedAt: new Date(), ...applied });
      await logDecision(ctx, run, `Applied on autopilot: ${p.id}`);
    } catch (err) {
      await logDecision(ctx, run, `Autopilot could not apply ${p.id}: ${(err as Error).message}`);
    }
  }
}

/** Starts the classify_replies runs whose schedule is due. */
export async function runSchedules(ctx: Ctx, now = new Date()): Promise<number> {
  const due = await repo.dueSchedules(ctx.db, now);
  for (const s of due) {
    await repo.upsertSetting(ctx.db, { ...s, lastScheduledAt: now });
    await startRun(ctx, null, s.workspaceId, "classify_replies", {});
  }
  return due.length;
}

export async function subjects(ctx: Pick<AppContext, "db">, workspaceId: string, kind: AiAgentKind, search: string | undefined) {
  return { subjects: kind === "classify_replies" ? [] : await repo.subjectOptions(ctx.db, workspaceId, kind, search) };
}
