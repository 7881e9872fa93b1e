/**
 * The kill switch: stop all sending of a workspace, one inbox or one campaign at once, with a
 * reason; resume explicitly. Holds are rows (sending_holds) kept after they are resumed, so the
 * table is the audit history. The sender honours them before every handoff to SMTP (holds.gate.ts);
 * held messages stay queued and go once after the resume (docs/sending.md, "Kill switch").
 */
import {
  CAMPAIGN_SCHEDULE_JOB,
  type CampaignScheduleJob,
  type Hold,
  type HoldCreate,
  type HoldHistory,
  type HoldHistoryQuery,
  type HoldTargetList,
  type HoldTargetQuery,
  type KillSwitchState,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { createNotification } from "../notifications/index.ts";
import { HOLDS_CHANGED, heldSet } from "./holds.gate.ts";
import * as repo from "./holds.repository.ts";

type Ctx = Pick<AppContext, "db" | "realtime" | "log" | "jobs" | "bus" | "sending">;
type Caller = Pick<AuthContext, "userId" | "workspaceId" | "name">;

const actor = (id: string | null, name: string | null, email: string | null) =>
  id && (name || email) ? { id, name: name ?? "", email: email ?? "" } : null;

export function toHold(r: repo.HoldWithActors): Hold {
  return {
    id: r.id,
    scope: r.scope,
    target_id: r.scope === "workspace" ? null : r.targetId,
    target_label: r.targetLabel,
    reason: r.reason,
    held_by: actor(r.heldBy, r.heldByName, r.heldByEmail),
    held_at: r.createdAt.toISOString(),
    released_at: r.releasedAt?.toISOString() ?? null,
    released_by: actor(r.releasedBy, r.releasedByName, r.releasedByEmail),
    release_note: r.releaseNote,
    active: r.releasedAt === null,
  };
}

export async function killSwitchState(ctx: Pick<Ctx, "db">, workspaceId: string, now = new Date()): Promise<KillSwitchState> {
  const [holds, activity] = await Promise.all([
    repo.activeHoldsWithActors(ctx.db, workspaceId),
    repo.sendingActivity(ctx.db, workspaceId, now),
  ]);
  const ws = holds.find((h) => h.scope === "workspace");
  return {
    workspace_hold: ws ? toHold(ws) : null,
    holds: holds.filter((h) => h.scope !== "workspace").map(toHold),
    activity,
  };
}

async function targetLabel(ctx: Pick<Ctx, "db">, workspaceId: string, input: HoldCreate): Promise<{ targetId: string; label: string }> {
  if (input.scope === "workspace") return { targetId: workspaceId, label: "Whole workspace" };
  const id = input.target_id as string;
  const label =
    input.scope === "campaign" ? await repo.campaignLabel(ctx.db, workspaceId, id) : await repo.inboxLabel(ctx.db, workspaceId, id);
  if (!label) throw new AppError("HOLD_TARGET_NOT_FOUND", input.scope === "campaign" ? "Campaign not found" : "Inbox not found");
  return { targetId: id, label };
}

/** Stops sending there now. Committed before it answers: from then on no message of it is handed to SMTP. */
export async function placeHold(ctx: Ctx, caller: Caller, input: HoldCreate): Promise<Hold> {
  const { targetId, label } = await targetLabel(ctx, caller.workspaceId, input);
  const row = await transaction(ctx.db, (tx) =>
    repo.insertHold(tx, {
      workspaceId: caller.workspaceId,
      scope: input.scope,
      targetId,
      targetLabel: label,
      reason: input.reason.trim(),
      heldBy: caller.userId,
    }),
  );
  if (!row) {
    throw new AppError(
      "HOLD_EXISTS",
      input.scope === "workspace" ? "All sending is already stopped: resume it first" : `${label} is already stopped: resume it first`,
    );
  }
  await announce(ctx, caller.workspaceId);
  const hold = (await repo.holdById(ctx.db, caller.workspaceId, row.id)) as repo.HoldWithActors;
  if (input.scope === "workspace") {
    await notifyMembers(ctx, caller.workspaceId, {
      type: "warning",
      title: "All sending stopped",
      message: `${caller.name || "A member"} stopped all sending of this workspace: ${hold.reason}. Nothing is sent until someone resumes it on the Kill switch page.`,
    });
  }
  return toHold(hold);
}

/** Resumes: what was held goes out (the campaigns concerned get an immediate pass). */
export async function releaseHold(ctx: Ctx, caller: Caller, id: string, note: string | undefined): Promise<Hold> {
  if (!isUuid(id)) throw new AppError("HOLD_NOT_FOUND");
  const existing = await repo.holdById(ctx.db, caller.workspaceId, id);
  if (!existing) throw new AppError("HOLD_NOT_FOUND");
  const row = await transaction(ctx.db, (tx) =>
    repo.releaseHold(tx, caller.workspaceId, id, caller.userId, note?.trim() || null, new Date()),
  );
  if (!row) throw new AppError("HOLD_ALREADY_RELEASED");
  await announce(ctx, caller.workspaceId);
  const hold = (await repo.holdById(ctx.db, caller.workspaceId, id)) as repo.HoldWithActors;
  if (hold.scope === "workspace") {
    await notifyMembers(ctx, caller.workspaceId, {
      type: "success",
      title: "Sending resumed",
      message: `${caller.name || "A member"} resumed sending for this workspace${hold.releaseNote ? `: ${hold.releaseNote}` : ""}. Held messages go out now.`,
    });
  }
  // The campaigns it held send at once rather than at the next tick (the job is idempotent).
  const only = hold.scope === "campaign" ? { campaignId: hold.targetId } : hold.scope === "inbox" ? { inboxId: hold.targetId } : undefined;
  for (const campaignId of await repo.activeCampaignIds(ctx.db, caller.workspaceId, only)) {
    const job: CampaignScheduleJob = { campaign_id: campaignId, workspace_id: caller.workspaceId, reason: "resume" };
    await ctx.jobs
      .send(CAMPAIGN_SCHEDULE_JOB, job, {})
      .catch((err: unknown) => ctx.log.warn({ err }, "campaign.schedule after a resume not sent"));
  }
  return toHold(hold);
}

/**
 * After the commit, before the answer: this process's sender looks at the database again before its
 * next handoff; other processes hear it on the bus (holds.gate.ts).
 */
async function announce(ctx: Ctx, workspaceId: string): Promise<void> {
  ctx.sending.holds.bump(workspaceId);
  await ctx.bus.publish(HOLDS_CHANGED, { workspaceId }).catch((err: unknown) => ctx.log.warn({ err }, "kill switch change not announced"));
}

async function notifyMembers(ctx: Ctx, workspaceId: string, n: { type: "warning" | "success"; title: string; message: string }) {
  for (const userId of await repo.activeMemberIds(ctx.db, workspaceId)) {
    await createNotification(ctx, { workspaceId, userId, ...n, link: "/kill-switch" }).catch((err: unknown) =>
      ctx.log.warn({ err }, "kill switch notification not sent"),
    );
  }
}

export async function holdHistory(ctx: Pick<Ctx, "db">, workspaceId: string, q: HoldHistoryQuery): Promise<HoldHistory> {
  const { rows, total } = await repo.holdHistory(ctx.db, workspaceId, q);
  return { holds: rows.map(toHold), total, page: q.page, per_page: q.per_page };
}

export async function holdTargets(ctx: Pick<Ctx, "db">, workspaceId: string, q: HoldTargetQuery): Promise<HoldTargetList> {
  const [{ rows, total }, active] = await Promise.all([
    repo.holdTargets(ctx.db, workspaceId, q),
    repo.activeHoldsWithActors(ctx.db, workspaceId),
  ]);
  const byTarget = new Map(active.filter((h) => h.scope === q.scope).map((h) => [h.targetId, h]));
  return {
    items: rows.map((r) => {
      const h = byTarget.get(r.id);
      return { ...r, hold: h ? toHold(h) : null };
    }),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}

/**
 * For one-off sends (compose): the hold that stops sending from this inbox (the workspace's or the
 * inbox's), or null. `db` may be a transaction.
 */
export async function sendingHoldFor(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  inboxId: string,
): Promise<{ scope: "workspace" | "inbox"; reason: string } | null> {
  const set = heldSet(await repo.activeHolds(ctx.db, workspaceId));
  const h = set.workspace ?? set.inboxes.get(inboxId) ?? null;
  return h ? { scope: h.scope === "workspace" ? "workspace" : "inbox", reason: h.reason } : null;
}
