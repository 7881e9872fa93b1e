/**
 * What /ai-activity reads and changes (docs/ai/activity.md): the ledger as keyset pages, one action
 * in full, this UTC month's spend against the cap, the cap itself, and each person's unread count.
 */
import type { AiActionDetail, AiActionPage, AiActionRow, AiSettings, AiSettingsInput, AiUnreadCount, AiUsage } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { addDays, isoDay } from "../../platform/utc-days.ts";
import { capState, monthStart, usd } from "./ai-ledger.gateway.ts";
import * as repo from "./ai-ledger.repository.ts";

type Ctx = Pick<AppContext, "db" | "config">;
type ListQuery = z.output<typeof import("@prospector/contracts").AiActionListQuery>;

/** The unread count stops here ("99+" in the nav). */
export const UNREAD_MAX = 100;

function decode(cursor: string | undefined): repo.Keyset | null {
  if (!cursor) return null;
  const [at, id] = decodeKeyset(cursor) ?? [];
  const createdAt = new Date(typeof at === "string" ? at : "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badCursor();
  return { createdAt, id };
}

const toRow = (r: repo.AiActionListRow): AiActionRow => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  kind: r.kind,
  engine: r.engine,
  model: r.model,
  user: r.userId ? { id: r.userId, name: r.userName ?? "Former member" } : null,
  subject: r.subjectType && r.subjectId ? { type: r.subjectType, id: r.subjectId } : null,
  agent_run_id: r.agentRunId,
  tokens_in: r.tokensIn,
  tokens_out: r.tokensOut,
  tokens_estimated: r.tokensEstimated,
  cost_usd: usd(r.costMicros),
  duration_ms: r.durationMs,
  attempts: r.attempts,
  outcome: r.outcome,
  error: r.error,
});

export async function listActivity(ctx: Ctx, workspaceId: string, q: ListQuery): Promise<AiActionPage> {
  const after = decode(q.cursor);
  const rows = await repo.listActions(
    ctx.db,
    workspaceId,
    {
      kind: q.kind,
      engine: q.engine,
      outcome: q.outcome,
      userId: q.user_id,
      subjectType: q.subject_type,
      subjectId: q.subject_id,
      q: q.q,
    },
    q.limit + 1,
    after,
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

export async function getActivity(ctx: Ctx, workspaceId: string, id: string): Promise<AiActionDetail> {
  if (!isUuid(id)) throw new AppError("AI_ACTION_NOT_FOUND");
  const found = await repo.findAction(ctx.db, workspaceId, id);
  if (!found) throw new AppError("AI_ACTION_NOT_FOUND");
  const a = found.action;
  return {
    ...toRow({ ...a, userName: found.userName }),
    prompt: a.prompt ?? null,
    input: a.input,
    output: a.output ?? null,
    explanation: a.explanation ?? null,
  };
}

const settingsOf = (ctx: Ctx, cap: { capMicros: number; source: "workspace" | "default" }): AiSettings => ({
  monthly_cap_usd: usd(cap.capMicros),
  cap_source: cap.source,
  default_cap_usd: ctx.config.LLM_MONTHLY_CAP_USD,
});

export async function getUsage(ctx: Ctx, workspaceId: string, now = new Date()): Promise<AiUsage> {
  const from = monthStart(now);
  const [cap, u] = await Promise.all([capState(ctx, workspaceId, now), repo.usageSince(ctx.db, workspaceId, from)]);
  const perDay = new Map(u.byDay.map((d) => [d.day, d]));
  const byDay: AiUsage["by_day"] = [];
  for (let day = isoDay(from), today = isoDay(now); day <= today; day = addDays(day, 1)) {
    const d = perDay.get(day);
    byDay.push({ day, actions: d?.actions ?? 0, cost_usd: usd(Number(d?.micros ?? 0)) });
  }
  return {
    month: isoDay(from).slice(0, 7),
    spent_usd: usd(cap.spentMicros),
    settings: settingsOf(ctx, cap),
    capped: cap.capped,
    actions: u.totals.actions,
    refused: Number(u.totals.refused),
    llm_configured: Boolean(ctx.config.LLM_BASE_URL),
    model: ctx.config.LLM_BASE_URL ? ctx.config.LLM_MODEL : null,
    price: { input_per_mtok: ctx.config.LLM_PRICE_INPUT_PER_MTOK, output_per_mtok: ctx.config.LLM_PRICE_OUTPUT_PER_MTOK },
    by_kind: u.byKind.map((k) => ({ kind: k.kind, actions: k.actions, tokens: Number(k.tokens), cost_usd: usd(Number(k.micros)) })),
    by_day: byDay,
    by_user: u.byUser.map((p) => ({
      user_id: p.userId,
      name: p.userId ? (p.name ?? "Former member") : "Jobs and agents",
      actions: p.actions,
      cost_usd: usd(Number(p.micros)),
    })),
  };
}

export async function updateSettings(ctx: Ctx, auth: AuthContext, input: AiSettingsInput): Promise<AiSettings> {
  const micros = input.monthly_cap_usd === null ? null : Math.round(input.monthly_cap_usd * 1_000_000);
  await repo.saveSettings(ctx.db, auth.workspaceId, micros, auth.userId);
  return settingsOf(ctx, await capState(ctx, auth.workspaceId));
}

export async function unreadCount(ctx: Ctx, auth: AuthContext): Promise<AiUnreadCount> {
  const since = await repo.findSeen(ctx.db, auth.workspaceId, auth.userId);
  const count = await repo.countUnread(ctx.db, auth.workspaceId, auth.userId, since, UNREAD_MAX);
  return { count, since: since?.toISOString() ?? null };
}

export async function markSeen(ctx: Ctx, auth: AuthContext): Promise<AiUnreadCount> {
  const at = new Date();
  await repo.markSeen(ctx.db, auth.workspaceId, auth.userId, at);
  return { count: 0, since: at.toISOString() };
}
