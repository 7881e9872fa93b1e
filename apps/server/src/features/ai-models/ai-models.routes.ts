/** HTTP of ai-models (docs/ai/). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function aiModelsRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
