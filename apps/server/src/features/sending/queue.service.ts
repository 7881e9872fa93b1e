/**
 * GET /api/campaigns/{id}/queue: every lead still in the sequence with why its next email waits
 * (decided from the campaign's state, the outbox, the window and the sender's last verdict), the
 * counts per reason, and the estimated finish from the inboxes' real daily limits.
 */
import { type CampaignQueue, type QueueQuery, WAIT_REASON_TEXT } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { estimateFinish, loadCampaign } from "../campaigns/index.ts";
import { effectiveDailyLimit, inboxesByIds } from "../inboxes/index.ts";
import { campaignHold, loadHeldSet } from "./holds.gate.ts";
import * as repo from "./queue.repository.ts";
import { inWindow } from "./send-window.ts";

type Ctx = Pick<AppContext, "db">;

export async function campaignQueue(ctx: Ctx, workspaceId: string, id: string, q: QueueQuery, now = new Date()): Promise<CampaignQueue> {
  const c = await loadCampaign(ctx, workspaceId, id);
  const windowOpen = inWindow(c.schedule, now);
  const [held, inboxes] = await Promise.all([loadHeldSet(ctx.db, workspaceId), inboxesByIds(ctx, workspaceId, c.inboxIds)]);
  // The kill switch: the workspace's or the campaign's hold, or one on every inbox that could send.
  const unpaused = inboxes.filter((i) => i.status !== "paused");
  const hold =
    campaignHold(held, c.id) ??
    (unpaused.length > 0 && unpaused.every((i) => held.inboxes.has(i.id)) ? (held.inboxes.get(unpaused[0]?.id as string) ?? null) : null);
  const [page, counts, messages] = await Promise.all([
    repo.queuePage(ctx.db, c, windowOpen, now, q, hold !== null),
    repo.queueReasonCounts(ctx.db, c, windowOpen, now, hold !== null),
    repo.remainingMessages(ctx.db, c),
  ]);
  const reasonText = (reason: string) =>
    reason === "held" && hold
      ? `Held by the kill switch: ${hold.reason}`
      : (WAIT_REASON_TEXT[reason as keyof typeof WAIT_REASON_TEXT] ?? reason);
  const reasons: Record<string, number> = {};
  let total = 0;
  for (const r of counts) {
    reasons[r.reason] = r.n;
    total += r.n;
  }
  const dailyCapacity = unpaused.filter((i) => !held.inboxes.has(i.id)).reduce((n, i) => n + effectiveDailyLimit(i, now), 0);
  const estimate = estimateFinish({
    from: c.startsAt && c.startsAt > now ? c.startsAt : now,
    schedule: c.schedule,
    messages,
    dailyCapacity,
    followUpDelays: c.steps.slice(1).map((s) => s.delay_days),
  });
  return {
    campaign_id: c.id,
    status: c.status,
    remaining_messages: messages,
    reasons,
    estimate: { daily_capacity: estimate.daily_capacity, sending_days: estimate.sending_days, finish_at: estimate.finish_at },
    items: page.map((r) => ({
      lead_id: r.lead_id,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      step: (r.sending_step ?? Number(r.current_step)) + 1,
      next_send_at: r.next_send_at ? new Date(r.next_send_at as string).toISOString() : null,
      reason: r.reason,
      reason_text: reasonText(r.reason),
    })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}
