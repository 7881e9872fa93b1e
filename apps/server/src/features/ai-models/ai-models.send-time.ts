/**
 * The send-time model (docs/ai/models.md): each UTC weekday × hour's reply propensity, a Beta-smoothed
 * rate (replies + M·p₀) / (sends + M) with p₀ the workspace's overall reply rate and M = PRIOR_SENDS,
 * so a slot with few sends stays near the average. Its metric: fitted on the earlier four fifths of
 * the window, the AUC of its slot rates against who replied among the latest fifth's sends. Stored as
 * an ml_models version of kind "send_time" (one weight per slot), trained by a job.
 */
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { DAY_MS } from "../../platform/utc-days.ts";
import * as repo from "./ai-models.repository.ts";

type Ctx = Pick<AppContext, "db" | "log">;
export const SEND_TIME_TRAIN_JOB = "ai-models.train-send-time";
export const PRIOR_SENDS = 20;
export const SEND_TIME_MINIMUM = { sends: 200, replies: 10 } as const;
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const column = (weekday: number, hour: number) => `d${weekday}h${String(hour).padStart(2, "0")}`;
export const SLOT_COLUMNS = Array.from({ length: 7 * 24 }, (_, i) => column(Math.floor(i / 24) + 1, i % 24));

export function cellLabel(c: string): string {
  const m = /^d(\d)h(\d\d)$/.exec(c);
  return m ? `${DAYS[Number(m[1]) - 1]} ${m[2]}:00 UTC` : c;
}

interface Slot {
  sends: number;
  replied: number;
}

/** Smoothed rate per slot, in SLOT_COLUMNS order. */
export function smoothedRates(slots: Map<string, Slot>): number[] {
  let sends = 0;
  let replied = 0;
  for (const s of slots.values()) {
    sends += s.sends;
    replied += s.replied;
  }
  const p0 = sends ? replied / sends : 0;
  return SLOT_COLUMNS.map((c) => {
    const s = slots.get(c) ?? { sends: 0, replied: 0 };
    return Math.round(((s.replied + PRIOR_SENDS * p0) / (s.sends + PRIOR_SENDS)) * 1e6) / 1e6;
  });
}

/** Mann–Whitney AUC over grouped examples (every send of a slot shares its score; ties count half). */
export function groupedAuc(groups: { score: number; positives: number; negatives: number }[]): number | null {
  const sorted = [...groups].sort((a, b) => a.score - b.score);
  const P = sorted.reduce((s, g) => s + g.positives, 0);
  const N = sorted.reduce((s, g) => s + g.negatives, 0);
  if (!P || !N) return null;
  let negBelow = 0;
  let wins = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    let pos = 0;
    let neg = 0;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) {
      pos += sorted[j]!.positives;
      neg += sorted[j]!.negatives;
      j++;
    }
    wins += pos * negBelow + 0.5 * pos * neg;
    negBelow += neg;
    i = j;
  }
  return Math.round((wins / (P * N)) * 10_000) / 10_000;
}

const toSlots = (cells: repo.SendCell[]) => {
  const m = new Map<string, Slot>();
  for (const c of cells) {
    const k = column(c.weekday, c.hour);
    const s = m.get(k) ?? { sends: 0, replied: 0 };
    s.sends += c.sends;
    s.replied += c.replied;
    m.set(k, s);
  }
  return m;
};

async function loadCells(ctx: Ctx, workspaceId: string, days: number, now: Date) {
  const from = new Date(now.getTime() - days * DAY_MS);
  const split = new Date(from.getTime() + 0.8 * (now.getTime() - from.getTime()));
  const cells = await repo.sendCells(ctx.db, workspaceId, from, now, split);
  const sends = cells.reduce((s, c) => s + c.sends, 0);
  const replies = cells.reduce((s, c) => s + c.replied, 0);
  return { from, cells, sends, replies };
}

function notEnough(days: number, sends: number, replies: number) {
  return new AppError(
    "AI_MODELS_NOT_ENOUGH_SENDS",
    `The send-time model needs ${SEND_TIME_MINIMUM.sends} delivered campaign messages and ${SEND_TIME_MINIMUM.replies} replies in the last ${days} days; this workspace has ${sends} and ${replies}`,
  );
}

/** Refuses below the minimum (409 with the counts), else queues the training job. */
export async function startSendTimeTraining(
  ctx: Ctx & Pick<AppContext, "jobs">,
  workspaceId: string,
  userId: string | null,
  days: number,
): Promise<{ queued: boolean; days: number }> {
  const { sends, replies } = await loadCells(ctx, workspaceId, days, new Date());
  if (sends < SEND_TIME_MINIMUM.sends || replies < SEND_TIME_MINIMUM.replies) throw notEnough(days, sends, replies);
  await ctx.jobs.send(SEND_TIME_TRAIN_JOB, { workspaceId, userId, days }, { singletonKey: `ai-models-send-time:${workspaceId}` });
  return { queued: true, days };
}

/** The job: fits the holdout model, measures it, fits on the whole window and stores the new live version. */
export async function trainSendTime(ctx: Ctx, workspaceId: string, userId: string | null, days: number, now = new Date()) {
  const { from, cells, sends, replies } = await loadCells(ctx, workspaceId, days, now);
  if (sends < SEND_TIME_MINIMUM.sends || replies < SEND_TIME_MINIMUM.replies) throw notEnough(days, sends, replies);
  const early = smoothedRates(toSlots(cells.filter((c) => !c.late)));
  const holdout = groupedAuc(
    cells
      .filter((c) => c.late)
      .map((c) => ({
        score: early[SLOT_COLUMNS.indexOf(column(c.weekday, c.hour))]!,
        positives: c.replied,
        negatives: c.sends - c.replied,
      })),
  );
  const all = toSlots(cells);
  const weights = smoothedRates(all);
  return transaction(ctx.db, async (tx) => {
    await repo.lockKind(tx, workspaceId, "send_time");
    return repo.insertLiveModel(tx, {
      workspaceId,
      kind: "send_time",
      target: "reply",
      features: { categories: {}, keywords: [], numeric: [], columns: SLOT_COLUMNS },
      weights,
      metrics: {
        foldAucs: [holdout],
        calibration: [],
        roc: [],
        lambda: PRIOR_SENDS,
        iterations: 0,
        support: SLOT_COLUMNS.map((c) => all.get(c)?.sends ?? 0),
      },
      trainingFrom: from,
      trainingTo: now,
      n: sends,
      positives: replies,
      cvAuc: holdout,
      trainedAt: new Date(),
      trainedBy: userId,
    });
  });
}
