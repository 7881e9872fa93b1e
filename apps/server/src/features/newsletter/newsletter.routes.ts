/** POST /api/newsletter/subscribe: public, throttled per IP. */
import rateLimit from "@fastify/rate-limit";
import { ErrorBody, NEWSLETTER_PER_IP_PER_MINUTE, NewsletterSubscribe, NewsletterSubscribed } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { subscribe } from "./newsletter.service.ts";

export function newsletterRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      redis: ctx.redis ?? undefined,
      nameSpace: "prospector:ip-rl:newsletter:",
      errorResponseBuilder: (_req, c) =>
        new AppError("RATE_LIMITED", `Too many sign-ups from this address. Try again in ${c.after}.`, {
          retryAfter: Math.max(1, Math.ceil(c.ttl / 1000)),
        }),
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/newsletter/subscribe",
      {
        bodyLimit: 4096,
        config: { access: "public", rateLimit: { max: NEWSLETTER_PER_IP_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ["newsletter"],
          summary: "Subscribe an address to the newsletter (idempotent)",
          body: NewsletterSubscribe,
          response: { 200: NewsletterSubscribed, 422: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => subscribe(ctx, request.body.email),
    );
  });
}
