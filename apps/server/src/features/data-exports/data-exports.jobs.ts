/**
 * Export and backup jobs, and the once-a-minute ticker that starts scheduled exports and backups
 * and expires old export files. The ticker runs in every process that runs jobs; each due
 * schedule is claimed with a conditional UPDATE, so two processes never start the same one.
 */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { BACKUP_JOB, type BackupsService } from "./backups.service.ts";
import { type DataExportsService, EXPORT_JOB } from "./data-exports.service.ts";
import type { ScheduledExportsService } from "./scheduled-exports.service.ts";

const TICK_MS = 60_000;

export function registerDataJobs(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { exports: DataExportsService; scheduled: ScheduledExportsService; backups: BackupsService },
): void {
  ctx.jobs.define<{ exportId: string }>(EXPORT_JOB, (data) => deps.exports.perform(data), { expireInSeconds: 60 * 60, retryLimit: 2 });
  ctx.jobs.define<{ backupId: string; workspaceId: string }>(BACKUP_JOB, (data) => deps.backups.perform(data), {
    expireInSeconds: 2 * 60 * 60,
    retryLimit: 2,
  });
  if (ctx.config.JOBS !== "inline") return;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    try {
      await deps.scheduled.tick();
      await deps.backups.tick();
      await deps.exports.expireOld();
    } catch (err) {
      ctx.log.error({ err }, "data schedule tick failed");
    }
  };
  app.addHook("onReady", async () => {
    timer = setInterval(() => void tick(), TICK_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
