import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function workspacesRoutes(_fastify: FastifyInstance, _ctx: AppContext): void {}
