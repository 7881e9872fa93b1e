/** The `analytics.insights` job (pg-boss): one insights run per message; a finished run is left alone. */
import type { AppContext } from "../../context.ts";
import { INSIGHTS_QUEUE, runInsights } from "./intelligence.service.ts";

export function defineIntelligenceJobs(ctx: AppContext): void {
  ctx.jobs.define<{ runId: string }>(INSIGHTS_QUEUE, (data) => runInsights(ctx, data.runId), {
    expireInSeconds: 30 * 60,
    retryLimit: 1,
    batchSize: 1,
  });
}
