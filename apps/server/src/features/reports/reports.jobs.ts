/**
 * Scheduled deliveries. A ticker (once a minute, where jobs run inline) finds due schedules; each
 * run slot gets one delivery row (unique per schedule and slot, so two processes or a retried tick
 * never send a run twice) and a `reports.deliver` job, which renders the export and queues one
 * mail per recipient, with the file attached, through the platform mailer. A failure is recorded
 * on the delivery and the job is retried; "Send now" makes a delivery for the current moment.
 */
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import * as repo from "./reports.repository.ts";
import { nextRunAt } from "./reports.schedule.ts";
import { deliveryView, exportDefinition } from "./reports.service.ts";

export const DELIVER_JOB = "reports.deliver";
const RETRY_LIMIT = 2;
const TICK_MS = 60_000;

export function defineReportJobs(ctx: AppContext): void {
  ctx.jobs.define<{ deliveryId: string }>(DELIVER_JOB, (data) => performDelivery(ctx, data.deliveryId), {
    expireInSeconds: 10 * 60,
    retryLimit: RETRY_LIMIT,
    retryDelay: 30,
  });
}

const fmtDate = (d: string | null) => d ?? "";

/** Renders the report and queues its mails; safe to run again (recipients already mailed are skipped). */
export async function performDelivery(ctx: AppContext, deliveryId: string, now = new Date()): Promise<void> {
  const d = await repo.findDelivery(ctx.db, deliveryId);
  if (!d) return;
  if (d.status !== "preparing") return;
  const attempts = d.attempts + 1;
  try {
    const report = await repo.findReport(ctx.db, d.workspaceId, d.reportId);
    if (!report) throw new AppError("REPORT_NOT_FOUND");
    const out = await exportDefinition(ctx, d.workspaceId, report.report.name, report.report.definition, d.format, now);
    // Whoever left the workspace since the schedule was made no longer receives its figures.
    const members = new Set((await repo.memberEmails(ctx.db, d.workspaceId)).map((m) => m.email.toLowerCase()));
    const mailIds = { ...d.mailIds };
    const skipped = d.recipients.filter((r) => !members.has(r));
    for (const to of d.recipients) {
      if (mailIds[to] || !members.has(to)) continue;
      const period = `${fmtDate(out.from)} to ${fmtDate(out.to)}`;
      const { id } = await ctx.mailer.send({
        to,
        kind: "report",
        workspaceId: d.workspaceId,
        subject: `${report.report.name}: ${period}`,
        text: [
          `Your report "${report.report.name}" for ${period} (UTC days) is attached as ${d.format.toUpperCase()}.`,
          `${out.rows} row${out.rows === 1 ? "" : "s"}. Every figure carries its source; rates carry their sample and 95 % interval.`,
          "",
          d.manual ? "Sent on request from the report builder." : "You receive it because a report schedule in Prospector lists you.",
        ].join("\n"),
        attachments: [out.file],
      });
      mailIds[to] = id;
      await repo.updateDelivery(ctx.db, d.id, { mailIds });
    }
    await repo.updateDelivery(ctx.db, d.id, {
      status: "queued",
      mailIds,
      attempts,
      rows: out.rows,
      periodFrom: out.from,
      periodTo: out.to,
      error: skipped.length > 0 ? `Not sent to ${skipped.join(", ")}: no longer a member of the workspace` : null,
    });
  } catch (err) {
    const message = (err as Error).message.slice(0, 500);
    await repo.updateDelivery(ctx.db, d.id, { attempts, error: message, status: attempts > RETRY_LIMIT ? "failed" : "preparing" });
    ctx.log.warn({ err, deliveryId }, "report delivery failed");
    throw err;
  }
}

/** Queues every due run once; returns how many deliveries it made. */
export async function tick(ctx: AppContext, now = new Date()): Promise<number> {
  let made = 0;
  for (const s of await repo.dueSchedules(ctx.db, now)) {
    const slot = s.nextRunAt as Date;
    const delivery = await repo.insertDelivery(ctx.db, {
      workspaceId: s.workspaceId,
      scheduleId: s.id,
      reportId: s.reportId,
      slot,
      format: s.format,
      recipients: s.recipients,
    });
    await repo.advanceSchedule(ctx.db, s.id, slot, nextRunAt(s, now));
    if (delivery) {
      made++;
      await ctx.jobs.send(DELIVER_JOB, { deliveryId: delivery.id });
    }
  }
  return made;
}

/** "Send now": one delivery of the schedule's report to its recipients, at once. */
export async function sendNow(ctx: AppContext, workspaceId: string, scheduleId: string, now = new Date()) {
  const s = await repo.findSchedule(ctx.db, workspaceId, scheduleId);
  if (!s) throw new AppError("REPORT_SCHEDULE_NOT_FOUND");
  const report = await repo.findReport(ctx.db, workspaceId, s.reportId);
  const delivery = await repo.insertDelivery(ctx.db, {
    workspaceId,
    scheduleId: s.id,
    reportId: s.reportId,
    slot: now,
    manual: true,
    format: s.format,
    recipients: s.recipients,
  });
  if (!delivery) throw new AppError("REPORT_SCHEDULE_NOT_FOUND", "A delivery for this moment already exists: try again");
  await ctx.jobs.send(DELIVER_JOB, { deliveryId: delivery.id });
  const [view] = await deliveryView(ctx, [{ delivery, reportName: report?.report.name ?? "" }]);
  return view as NonNullable<typeof view>;
}

export type ReportSchedulerHandle = Ticker;

/** Null where jobs do not run inline and under NODE_ENV=test (the tests call tick themselves). */
export function startReportScheduler(ctx: AppContext): ReportSchedulerHandle | null {
  return startTicker(ctx, { name: "report schedule", everyMs: TICK_MS, tick: () => tick(ctx) });
}
