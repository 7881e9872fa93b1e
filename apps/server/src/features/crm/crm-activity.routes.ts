/** HTTP for tasks, interactions and meetings (under /api/crm). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function crmActivityRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
