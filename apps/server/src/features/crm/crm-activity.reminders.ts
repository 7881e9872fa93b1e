/**
 * Task reminders. On the sender's tick ("sending.tick", every 5 s in each process that runs jobs)
 * a sweep claims the reminders whose time has passed (crm_tasks_reminder_due_idx holds only those
 * not yet sent) and notifies the assignee, or the creator when there is none, through the
 * notifications feature. Claim and notification share one transaction: a reminder is marked sent
 * (reminded_at) exactly when its notification is stored, and FOR UPDATE SKIP LOCKED keeps two
 * processes from claiming the same one. A tick is a lighter fit than a pg-boss job per task: no
 * job to reschedule or cancel when remind_at changes or the task goes, and a missed reminder
 * (the process was down) goes out on the first tick after.
 */
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { createNotification } from "../notifications/index.ts";
import * as repo from "./crm-activity.repository.ts";

type Ctx = Pick<AppContext, "db" | "realtime" | "log">;

/** At most this many reminders per transaction; a sweep runs batches until none is due. */
const BATCH = 100;

/** Sends the reminders due at `now`; answers how many notifications went out. */
export async function sendDueReminders(ctx: Ctx, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const { claimed, notified } = await transaction(ctx.db, async (tx) => {
      const tasks = await repo.claimDueReminders(tx, now, BATCH);
      let n = 0;
      for (const task of tasks) {
        const userId = task.assigneeId ?? task.createdBy;
        // Done or cancelled tasks need no reminder; nobody to tell once both users are gone.
        if (!userId || task.status === "done" || task.status === "cancelled") continue;
        const due = task.dueAt ? `, due ${task.dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
        await createNotification(
          { db: tx, realtime: ctx.realtime },
          {
            workspaceId: task.workspaceId,
            userId,
            type: "info",
            title: `Reminder: ${task.title}`,
            message: `Task "${task.title}"${due}`,
            link: `/crm/tasks?selected=${task.id}`,
            data: { task_id: task.id },
          },
        );
        n++;
      }
      return { claimed: tasks.length, notified: n };
    });
    sent += notified;
    if (claimed < BATCH) return sent;
  }
}
