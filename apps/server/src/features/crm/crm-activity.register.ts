/**
 * Hook subscriptions of the activity side: replies, one-off sends and campaign meeting marks become
 * interactions (crm-activity.recorded.ts), and the sender's tick sends task reminders
 * (crm-activity.reminders.ts). Recording a reply or a send runs after its own commit: a failure is
 * logged by the declaring feature and never undoes the mail's processing.
 */
import type { AppContext } from "../../context.ts";
import { recordCampaignMeeting, recordComposeSend, recordReply } from "./crm-activity.recorded.ts";
import { sendDueReminders } from "./crm-activity.reminders.ts";

export function registerCrmActivity(ctx: AppContext): void {
  ctx.hooks.on("replies.received", async (e) => {
    await recordReply(ctx, e);
  });
  ctx.hooks.on("compose.sent", async (e) => {
    await recordComposeSend(ctx, e);
  });
  ctx.hooks.on("campaigns.meetingMarked", async (e) => {
    await recordCampaignMeeting(e);
  });
  ctx.hooks.on("sending.tick", async ({ now }) => {
    try {
      await sendDueReminders(ctx, now);
    } catch (err) {
      ctx.log.error({ err }, "task reminders failed");
    }
  });
}
