/** HTTP of reply-intent (docs/ai/). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function replyIntentRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
