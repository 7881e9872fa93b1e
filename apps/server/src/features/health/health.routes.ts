/**
 * GET /api/health: database, jobs and (when configured) Redis, for load balancers and humans.
 * Anyone sees each check's status; why a check failed (driver messages name hosts, databases and
 * users) goes to the log, and in the answer only to the instance admin.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { pingDatabase } from "./health.repository.ts";

const Check = z.object({ status: z.enum(["ok", "error", "disabled"]), latency_ms: z.number().optional(), detail: z.string().optional() });
export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  uptime_seconds: z.number(),
  checks: z.object({ database: Check, jobs: Check, redis: Check }),
});

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    "/api/health",
    { config: { access: "public" }, schema: { tags: ["health"], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (request, reply) => {
      const showDetail = request.auth?.isInstanceAdmin === true;
      const timed = async (check: string, fn: () => Promise<unknown>): Promise<z.infer<typeof Check>> => {
        const t = performance.now();
        try {
          await fn();
          return { status: "ok", latency_ms: Math.round((performance.now() - t) * 10) / 10 };
        } catch (err) {
          request.log.error({ err, check }, "health check failed");
          return showDetail ? { status: "error", detail: String((err as Error).message).slice(0, 200) } : { status: "error" };
        }
      };
      const database = await timed("database", () => pingDatabase(ctx.db));
      const jobs = await timed("jobs", async () => {
        if (!(await ctx.jobs.healthy())) throw new Error("job queue not running");
      });
      const redis = ctx.redis ? await timed("redis", () => ctx.redis!.ping()) : ({ status: "disabled" } as const);
      const ok = database.status === "ok" && jobs.status === "ok" && redis.status !== "error";
      return reply.status(ok ? 200 : 503).send({
        status: ok ? "ok" : "degraded",
        version: "0.1.0",
        uptime_seconds: Math.round(process.uptime()),
        checks: { database, jobs, redis },
      });
    },
  );
}
