/** POST /api/newsletter/subscribe: public, throttled per IP. */
import { ErrorBody, NEWSLETTER_PER_IP_PER_MINUTE, NewsletterSubscribe, NewsletterSubscribed } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createRateStore, perClientLimit } from "../../platform/rate-limit.ts";
import { subscribe } from "./newsletter.service.ts";

export function newsletterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = perClientLimit(createRateStore(ctx.redis, { prefix: "prospector:ip-rl:newsletter:" }), {
    max: NEWSLETTER_PER_IP_PER_MINUTE,
    windowMs: 60_000,
    message: (wait) => `Too many sign-ups from this address. Try again in ${wait}.`,
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/newsletter/subscribe",
    {
      bodyLimit: 4096,
      config: { access: "public" },
      onRequest: throttle,
      schema: {
        tags: ["newsletter"],
        summary: "Subscribe an address to the newsletter (idempotent)",
        body: NewsletterSubscribe,
        response: { 200: NewsletterSubscribed, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => subscribe(ctx, request.body.email),
  );
}
