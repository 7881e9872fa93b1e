/** HTTP for /api/pipeline and /api/deal-insights (outreach-core §7 "Pipeline"). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function pipelineRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
