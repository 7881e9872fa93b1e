/**
 * Public tracking routes: GET/HEAD /t/o/{message}/{sig}.gif (open pixel) and GET/HEAD
 * /t/c/{message}/{sig}?u=… (click redirect). A bad signature gets no redirect and records nothing;
 * the pixel is always served so a mail client never shows a broken image. A message id that is no
 * campaign email may be a one-off send from /compose: its human opens and clicks are counted on it.
 */
import { ErrorBody } from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { composeTrackingRef, countComposeTracked } from "../compose/index.ts";
import { isClickSignature, isOpenSignature, recordEvent } from "../sending/index.ts";
import { classifyRequest } from "./tracking.bots.ts";
import { getMessageRef, type MessageRef } from "./tracking.repository.ts";

const NO_CACHE = "no-store, no-cache, must-revalidate, private";
/** A transparent 1×1 GIF. */
const PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export function trackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = secretBoxFor(ctx.config);

  const classify = (request: FastifyRequest, sentAt: Date | null) =>
    classifyRequest({
      method: request.method,
      ip: request.ip,
      userAgent: String(request.headers["user-agent"] ?? ""),
      sentAt,
      now: new Date(),
    });

  const record = async (request: FastifyRequest, message: MessageRef, type: "open" | "click", url?: string) => {
    const verdict = classify(request, message.sentAt);
    await recordEvent(ctx, {
      message,
      type,
      isBot: verdict.isBot,
      url: url ?? null,
      detail: {
        ...(verdict.reason ? { bot_reason: verdict.reason } : {}),
        user_agent: String(request.headers["user-agent"] ?? "").slice(0, 300),
      },
    });
  };

  /** One-off sends count human opens and clicks only. */
  const recordOneOff = async (request: FastifyRequest, id: string, type: "open" | "click") => {
    const ref = await composeTrackingRef(ctx, id);
    if (!ref?.sentAt || !(type === "open" ? ref.trackOpens : ref.trackClicks)) return;
    if (classify(request, ref.sentAt).isBot) return;
    await countComposeTracked(ctx, id, type, new Date());
  };

  r.route({
    method: ["GET", "HEAD"],
    url: "/t/o/:message/:sig",
    config: { access: "public" },
    schema: { hide: true, params: z.object({ message: z.string().max(64), sig: z.string().max(64) }) },
    handler: async (request, reply) => {
      const { message: id, sig } = request.params;
      const signature = sig.replace(/\.gif$/, "");
      if (isUuid(id) && isOpenSignature(box, id, signature)) {
        try {
          const message = await getMessageRef(ctx.db, id);
          if (!message) await recordOneOff(request, id, "open");
          else if (message.trackOpens && message.sentAt) await record(request, message, "open");
        } catch (err) {
          request.log.warn({ err }, "open not recorded");
        }
      }
      return reply.header("cache-control", NO_CACHE).header("content-type", "image/gif").send(PIXEL_GIF);
    },
  });

  r.route({
    method: ["GET", "HEAD"],
    url: "/t/c/:message/:sig",
    config: { access: "public" },
    schema: {
      hide: true,
      params: z.object({ message: z.string().max(64), sig: z.string().max(64) }),
      querystring: z.object({ u: z.string().max(8000).optional() }),
      response: { 404: ErrorBody },
    },
    handler: async (request, reply) => {
      const { message: id, sig } = request.params;
      const url = request.query.u ?? "";
      // Only a URL signed for this very message: anything else is refused, never redirected.
      if (!isUuid(id) || !/^https?:\/\//i.test(url) || !isClickSignature(box, id, url, sig)) throw new AppError("TRACKING_LINK_INVALID");
      try {
        const message = await getMessageRef(ctx.db, id);
        if (!message) await recordOneOff(request, id, "click");
        else if (message.trackClicks && message.sentAt) await record(request, message, "click", url);
      } catch (err) {
        request.log.warn({ err }, "click not recorded");
      }
      return reply.header("cache-control", NO_CACHE).header("referrer-policy", "no-referrer").redirect(url, 302);
    },
  });
}
