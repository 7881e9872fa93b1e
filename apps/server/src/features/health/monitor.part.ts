/** Job queues, grouped error reports (/system-monitor) and the failure-mode catalogue (/system/edge-cases) (docs/operations.md). */
import type { Feature } from "../../platform/feature.ts";
import { monitorRoutes } from "./monitor.routes.ts";

export const monitorPart: Feature = { name: "health/monitor", routes: monitorRoutes };
