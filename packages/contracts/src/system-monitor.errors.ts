/** Error codes of the system monitor (job queues, error groups) and the failure-mode catalogue (docs/operations.md). */
import { defineErrors } from "./define-errors.ts";

export const systemMonitorErrors = defineErrors({
  MONITOR_QUEUE_NOT_FOUND: { status: 404, detail: "No job queue of that name on this instance" },
  MONITOR_JOB_NOT_FAILED: {
    status: 409,
    detail: "That job is not failed (it was retried already, or it never failed): only failed jobs can be retried",
  },
  MONITOR_ERROR_GROUP_NOT_FOUND: { status: 404, detail: "No error reports in that group: it may have aged out (reports are kept 30 days)" },
});
