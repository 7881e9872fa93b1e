/**
 * Liveness, readiness, Prometheus /metrics and the sampled history behind /system-health/*
 * (docs/operations.md): GET /api/health/live and /api/health/ready for orchestrators, GET /metrics
 * for Prometheus (Bearer METRICS_TOKEN; unset: 404), and the instance admins' status, history and
 * infrastructure APIs. Registers the instance's gauges and starts the minute sampler.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { HealthLive, HealthReady, SystemHistory, SystemHistoryQuery, SystemInfrastructure, SystemStatus } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import type { Feature } from "../../platform/feature.ts";
import { type SamplerSchedule, startSampler } from "./sampler.ts";
import { getHistory, getInfrastructure, getStatus, readiness, registerInstanceGauges } from "./system-health.service.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Compares the presented bearer token with METRICS_TOKEN in constant time (hashes have one length). */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

const schedules = new WeakMap<AppContext, SamplerSchedule | null>();

function metricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["health"];

  r.get("/api/health/live", { config: { access: "public" }, schema: { tags, response: { 200: HealthLive } } }, async () => ({
    status: "ok" as const,
    uptime_seconds: Math.round(process.uptime()),
  }));

  r.get(
    "/api/health/ready",
    { config: { access: "public" }, schema: { tags, response: { 200: HealthReady, 503: HealthReady } } },
    async (_request, reply) => {
      const ready = await readiness(ctx);
      return reply.status(ready.status === "ready" ? 200 : 503).send(ready);
    },
  );

  // Outside /api (Prometheus' default path); its own token instead of a session.
  app.get("/metrics", { config: { access: "public" }, schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.METRICS_TOKEN;
    if (!token) return reply.status(404).send({ detail: "Not found", code: "NOT_FOUND" });
    if (!metricsTokenMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ detail: "Send Authorization: Bearer <METRICS_TOKEN> to read /metrics", code: "UNAUTHENTICATED" });
    }
    const text = await ctx.metrics.text();
    return reply.header("content-type", "text/plain; version=0.0.4; charset=utf-8").header("cache-control", "no-store").send(text);
  });

  r.get(
    "/api/system-health/status",
    { config: { access: "authenticated" }, schema: { tags, response: { 200: SystemStatus } } },
    async (request) => getStatus(ctx, requireAuth(request)),
  );

  r.get(
    "/api/system-health/history",
    { config: { access: "authenticated" }, schema: { tags, querystring: SystemHistoryQuery, response: { 200: SystemHistory } } },
    async (request) => getHistory(ctx, requireAuth(request), request.query.range),
  );

  r.get(
    "/api/system-health/infrastructure",
    { config: { access: "authenticated" }, schema: { tags, response: { 200: SystemInfrastructure } } },
    async (request) => getInfrastructure(ctx, requireAuth(request)),
  );
}

export const metricsPart: Feature = {
  name: "health/metrics",
  register(ctx) {
    registerInstanceGauges(ctx);
  },
  start(ctx) {
    schedules.get(ctx)?.stop();
    schedules.set(ctx, startSampler(ctx));
  },
  routes: metricsRoutes,
  close(ctx) {
    schedules.get(ctx)?.stop();
    schedules.delete(ctx);
  },
};
