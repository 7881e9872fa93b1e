/**
 * Feedback on AI outputs (docs/ai/feedback.md): each person's thumbs up or down on a ledger action,
 * the queue of recent outputs to rate, and the team's judgement per kind and model (approval with a
 * 95 % Wilson interval, overall and by week).
 */
import type {
  AiFeedback,
  AiFeedbackInput,
  AiFeedbackQueuePage,
  AiFeedbackQueueQuery,
  AiFeedbackSummary,
  AiFeedbackSummaryQuery,
  AiRating,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { wilson } from "../../platform/stats.ts";
import { DAY_MS, isoDay } from "../../platform/utc-days.ts";
import * as repo from "./feedback.repository.ts";

type Ctx = Pick<AppContext, "db">;

/** Rates one action of the workspace; a second rating by the same person replaces the first. */
export async function rate(ctx: Ctx, workspaceId: string, userId: string, input: AiFeedbackInput): Promise<AiFeedback> {
  if (!(await repo.actionExists(ctx.db, workspaceId, input.action_id))) throw new AppError("AI_FEEDBACK_ACTION_NOT_FOUND");
  const row = await repo.upsertFeedback(ctx.db, {
    workspaceId,
    actionId: input.action_id,
    userId,
    rating: input.rating,
    comment: input.comment ? input.comment : null,
  });
  return { action_id: row.actionId, rating: row.rating as AiRating, comment: row.comment, created_at: row.createdAt.toISOString() };
}

/** Takes the caller's rating back. */
export async function unrate(ctx: Ctx, workspaceId: string, userId: string, actionId: string): Promise<void> {
  if (!(await repo.deleteFeedback(ctx.db, workspaceId, actionId, userId))) throw new AppError("AI_FEEDBACK_NOT_FOUND");
}

const MAX_LINE = 280;

/** One readable line of a JSON value: its top-level `key: value` pairs, strings as they are, cut at MAX_LINE characters. */
export function compact(value: unknown): string {
  // Nested objects (a classifier's probabilities, a prompt's parts) are left out: the page shows one line; /ai-activity the rest.
  const text = (v: unknown, depth: number): string => {
    if (v === null || v === undefined) return "";
    if (typeof v === "string") return v.replace(/\s+/g, " ").trim();
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    if (Array.isArray(v))
      return depth > 1
        ? ""
        : v
            .map((x) => text(x, depth + 1))
            .filter(Boolean)
            .join(", ");
    if (typeof v === "object" && depth === 0)
      return Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => {
          const t = text(x, depth + 1);
          return t ? `${k}: ${t}` : "";
        })
        .filter(Boolean)
        .join("; ");
    return "";
  };
  const line = text(value, 0);
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

export async function queue(ctx: Ctx, workspaceId: string, userId: string, q: AiFeedbackQueueQuery): Promise<AiFeedbackQueuePage> {
  let after: { createdAt: Date; id: string } | null = null;
  if (q.cursor) {
    const [t, id] = decodeKeyset(q.cursor) ?? [];
    const at = typeof t === "string" ? new Date(t) : null;
    if (!at || Number.isNaN(at.getTime()) || typeof id !== "string") throw badCursor();
    after = { createdAt: at, id };
  }
  const rows = await repo.queuePage(ctx.db, { workspaceId, userId, kind: q.kind, unrated: q.unrated, limit: q.limit, after });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      action_id: r.id,
      kind: r.kind,
      engine: r.engine,
      model: r.model,
      subject_type: r.subjectType,
      subject_id: r.subjectId,
      // An LLM call's input is best shown as what the model was asked (the last user message).
      input: compact(Object.keys(r.input).length ? r.input : (r.prompt?.filter((m) => m.role === "user").at(-1)?.content ?? "")),
      output: compact(r.output),
      why: r.explanationSummary,
      outcome: r.outcome,
      created_at: r.createdAt.toISOString(),
      my_rating: r.myRating === 1 || r.myRating === -1 ? r.myRating : null,
      my_comment: r.myComment,
      thumbs_up: r.up,
      thumbs_down: r.down,
    })),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

/** The Monday (UTC) of the week `weeks - 1` weeks before the one `now` is in. */
export function windowStart(now: Date, weeks: number): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS - (weeks - 1) * 7 * DAY_MS);
}

export async function summary(ctx: Ctx, workspaceId: string, q: AiFeedbackSummaryQuery, now = new Date()): Promise<AiFeedbackSummary> {
  const since = windowStart(now, q.weeks);
  const [models, weeks] = await Promise.all([repo.judgements(ctx.db, workspaceId, since), repo.weeklyThumbs(ctx.db, workspaceId, since)]);
  const byWeek = new Map(weeks.map((w) => [w.week, w]));
  // Every week of the window, rated or not, so the chart's axis is the window itself.
  const weekly = Array.from({ length: q.weeks }, (_, i) => {
    const week = isoDay(since.getTime() + i * 7 * DAY_MS);
    const w = byWeek.get(week);
    const up = Number(w?.up ?? 0);
    const down = Number(w?.down ?? 0);
    return { week, up, down, approval: wilson(up, up + down) };
  });
  const total = models.reduce(
    (t, m) => ({ actions: t.actions + Number(m.actions), up: t.up + Number(m.up), down: t.down + Number(m.down) }),
    {
      actions: 0,
      up: 0,
      down: 0,
    },
  );
  return {
    weeks: q.weeks,
    since: since.toISOString(),
    models: models.map((m) => {
      const up = Number(m.up);
      const down = Number(m.down);
      return {
        kind: m.kind,
        model: m.model,
        engine: m.engine,
        actions: Number(m.actions),
        rated: Number(m.rated),
        up,
        down,
        approval: wilson(up, up + down),
      };
    }),
    weekly,
    total: { ...total, approval: wilson(total.up, total.up + total.down) },
  };
}
