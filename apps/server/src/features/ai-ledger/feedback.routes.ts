/** HTTP for /api/ai/feedback: thumbs up or down on AI actions (docs/ai/feedback.md). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function aiFeedbackRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
