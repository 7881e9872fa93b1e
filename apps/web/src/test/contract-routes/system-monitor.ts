/** The system-monitor routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/health/monitor.routes.ts. */
import {
  EdgeCaseList,
  ErrorGroupDetail,
  ErrorGroupList,
  FailedJobPage,
  MonitorHistory,
  QueueList,
  RetryJobsResult,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const SYSTEM_MONITOR_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/system-monitor/queues": { 200: QueueList },
  "GET /api/system-monitor/queues/:name/failures": { 200: FailedJobPage },
  "POST /api/system-monitor/queues/:name/retry": { 200: RetryJobsResult },
  "GET /api/system-monitor/history": { 200: MonitorHistory },
  "GET /api/system-monitor/errors": { 200: ErrorGroupList },
  "GET /api/system-monitor/errors/:group": { 200: ErrorGroupDetail },
  "GET /api/system/edge-cases": { 200: EdgeCaseList },
};
