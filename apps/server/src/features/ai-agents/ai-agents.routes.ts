/** HTTP of ai-agents (docs/ai/). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function aiAgentsRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
