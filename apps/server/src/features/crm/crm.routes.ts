/** HTTP for stages, customers, deals and lead conversion (under /api/crm). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function crmRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
