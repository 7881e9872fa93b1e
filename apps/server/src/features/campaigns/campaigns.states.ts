/**
 * The campaign state machine (docs/campaigns.md has the table): launch, pause, resume and stop,
 * each allowed only in the states CAMPAIGN_ACTION_STATES lists, else the spec's 400 text. A launch
 * re-runs validate-launch inside its transaction and refuses with the blockers; launch and resume
 * then send the campaign.schedule job so the sender makes a scheduling pass at once. A stop or
 * pause that commits while a sending pass is in flight ends that pass's claims (docs/campaigns.md).
 */
import { CAMPAIGN_ACTION_STATES, type Campaign, type CampaignAction, type CampaignStatus, type ErrorCode } from "@prospector/contracts";
import { type Db, transaction } from "../../db/client.ts";
import { retryTransaction } from "../../db/retry.ts";
import { AppError } from "../../platform/errors.ts";
import { scheduleQueued, stopRunning } from "./campaign-leads.repository.ts";
import { checkLaunch } from "./campaigns.launch-check.ts";
import type { CampaignRow, CampaignValues } from "./campaigns.mapper.ts";
import * as repo from "./campaigns.repository.ts";
import { type Caller, type CampaignCtx, campaignChanged, campaignId, sendScheduleJob, withLeadCount } from "./campaigns.service.ts";

const WRONG_STATE: Record<Exclude<CampaignAction, "delete">, ErrorCode> = {
  launch: "CAMPAIGN_CANNOT_LAUNCH",
  pause: "CAMPAIGN_CANNOT_PAUSE",
  resume: "CAMPAIGN_CANNOT_RESUME",
  stop: "CAMPAIGN_CANNOT_STOP",
};

export const actionAllowed = (action: CampaignAction, status: CampaignStatus) => CAMPAIGN_ACTION_STATES[action].includes(status);

type Transition = { status: CampaignStatus; values: CampaignValues; message: string; schedule?: Date | null };

async function transition(
  ctx: CampaignCtx,
  caller: Caller,
  id: string,
  action: Exclude<CampaignAction, "delete">,
  decide: (tx: Db, c: CampaignRow, now: Date) => Promise<Transition>,
): Promise<Campaign> {
  const now = new Date();
  // The campaign row first (FOR NO KEY UPDATE), then its leads: the sender takes them in the same
  // order (docs/campaigns.md). A deadlock with writers outside that order re-runs the whole
  // transaction rather than answering 500.
  const run = () =>
    transaction(ctx.db, async (tx) => {
      const current = await repo.getCampaign(tx, caller.workspaceId, campaignId(id), { lock: "no key update" });
      if (!current) throw new AppError("CAMPAIGN_NOT_FOUND");
      if (!actionAllowed(action, current.status)) throw new AppError(WRONG_STATE[action]);
      const next = await decide(tx, current, now);
      const row = await repo.updateCampaign(tx, caller.workspaceId, current.id, { ...next.values, status: next.status });
      await repo.addActivity(tx, {
        workspaceId: caller.workspaceId,
        campaignId: current.id,
        kind: action,
        message: next.message,
        userId: caller.userId,
      });
      return { row, next };
    });
  const { row, next } = await retryTransaction(run, {
    onRetry: (err, attempt) => ctx.log.warn({ err, campaign: id, action, attempt }, "campaign transition retried after a deadlock"),
  });
  if (next.schedule !== undefined) {
    const reason = action === "resume" ? "resume" : next.status === "scheduled" ? "start_at" : "launch";
    await sendScheduleJob(ctx, { campaign_id: row.id, workspace_id: row.workspaceId, reason }, next.schedule);
  }
  await campaignChanged(ctx, caller.workspaceId, row.id, row.status, action);
  return withLeadCount(ctx, row);
}

export function launchCampaign(ctx: CampaignCtx, caller: Caller, id: string): Promise<Campaign> {
  return transition(ctx, caller, id, "launch", async (tx, c, now) => {
    const check = await checkLaunch({ db: tx, hooks: ctx.hooks }, c, now);
    if (!check.can_launch) {
      throw new AppError("CAMPAIGN_LAUNCH_BLOCKED", `Campaign is not ready to launch: ${check.blockers.map((b) => b.message).join("; ")}`, {
        errors: check.blockers.map((b) => ({ field: b.code, message: b.message })),
      });
    }
    // A draft with a future start waits for it; launching a scheduled campaign means "start now".
    if (c.status === "draft" && c.startsAt && c.startsAt > now) {
      await scheduleQueued(tx, c.id, c.startsAt);
      return {
        status: "scheduled",
        values: { launchedAt: now },
        message: `Scheduled to start ${c.startsAt.toISOString()}`,
        schedule: c.startsAt,
      };
    }
    await scheduleQueued(tx, c.id, now);
    return {
      status: "active",
      values: { launchedAt: now, startsAt: c.status === "scheduled" ? now : c.startsAt, pausedAt: null },
      message: "Campaign launched",
      schedule: null,
    };
  });
}

export function pauseCampaign(ctx: CampaignCtx, caller: Caller, id: string): Promise<Campaign> {
  return transition(ctx, caller, id, "pause", async (_tx, _c, now) => ({
    status: "paused",
    values: { pausedAt: now },
    message: "Campaign paused",
  }));
}

export function resumeCampaign(ctx: CampaignCtx, caller: Caller, id: string): Promise<Campaign> {
  return transition(ctx, caller, id, "resume", async () => ({
    status: "active",
    values: { pausedAt: null },
    message: "Campaign resumed",
    schedule: null,
  }));
}

export function stopCampaign(ctx: CampaignCtx, caller: Caller, id: string): Promise<Campaign> {
  return transition(ctx, caller, id, "stop", async (tx, c, now) => {
    await stopRunning(tx, c.id);
    return { status: "stopped", values: { stoppedAt: now }, message: "Campaign stopped: no further emails will be sent" };
  });
}
