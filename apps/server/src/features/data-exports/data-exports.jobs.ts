/**
 * Export and backup jobs, and the once-a-minute ticker that starts scheduled exports and backups
 * and expires old export files. The ticker runs in every process that runs jobs inline; each due
 * schedule is claimed with a conditional UPDATE, so two processes never start the same one.
 */
import type { AppContext } from "../../context.ts";
import { JOB_HEARTBEAT_SECONDS } from "../../platform/jobs.ts";
import { BACKUP_JOB, performBackup, tickBackups } from "./backups.service.ts";
import { EXPORT_JOB, expireOldExports, performExport } from "./data-exports.service.ts";
import { tickScheduledExports } from "./scheduled-exports.service.ts";

const TICK_MS = 60_000;

export function defineDataJobs(ctx: AppContext): void {
  // A worker killed mid-export or mid-backup: the job is retried (and starts over) within a minute.
  ctx.jobs.define<{ exportId: string }>(EXPORT_JOB, (data) => performExport(ctx, data), {
    expireInSeconds: 60 * 60,
    retryLimit: 2,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  });
  ctx.jobs.define<{ backupId: string; workspaceId: string }>(BACKUP_JOB, (data) => performBackup(ctx, data), {
    expireInSeconds: 2 * 60 * 60,
    retryLimit: 2,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  });
}

export interface DataSchedule {
  stop(): void;
}

/** Starts the ticker where jobs run inline (null elsewhere); `stop` ends it. */
export function startDataSchedule(ctx: AppContext): DataSchedule | null {
  if (ctx.config.JOBS !== "inline") return null;
  const tick = async () => {
    try {
      await tickScheduledExports(ctx);
      await tickBackups(ctx);
      await expireOldExports(ctx);
    } catch (err) {
      ctx.log.error({ err }, "data schedule tick failed");
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
