/** HTTP for /api/ai/activity and the ledger (docs/ai/activity.md). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function aiLedgerRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
