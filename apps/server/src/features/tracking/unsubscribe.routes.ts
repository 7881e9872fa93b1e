/**
 * Public unsubscribe routes. GET /u/{token} shows a confirmation page (link scanners follow GETs,
 * so a GET alone never unsubscribes); POST /u/{token} unsubscribes — from that page's button or as
 * the RFC 8058 one-click POST mail providers send with body `List-Unsubscribe=One-Click`.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { resolveToken, unsubscribe } from "./unsubscribe.service.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1976d2;color:#fff;cursor:pointer}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function unsubscribeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    // Form posts (the page's button and RFC 8058 one-click) are only parsed on these routes.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ token: z.string().min(1).max(200) });

    r.get("/u/:token", { config: { access: "public" }, schema: { hide: true, params } }, async (request, reply) => {
      const target = await resolveToken(ctx, request.params.token);
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (!target) return reply.status(404).send(page("Link not valid", "<p>This unsubscribe link is not valid or has expired.</p>"));
      if (target.alreadyUnsubscribed) {
        return page("You are unsubscribed", `<p>${escapeHtml(target.email ?? "This address")} will not receive these emails again.</p>`);
      }
      return page(
        "Unsubscribe",
        `<p>Stop emails to <strong>${escapeHtml(target.email ?? "this address")}</strong>?</p>
<form method="post" action="/u/${escapeHtml(request.params.token)}"><input type="hidden" name="confirm" value="yes"><button type="submit">Unsubscribe</button></form>`,
      );
    });

    r.post("/u/:token", { config: { access: "public" }, schema: { hide: true, params } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string>;
      const oneClick = body["List-Unsubscribe"] === "One-Click";
      const target = await unsubscribe(ctx, request.params.token, oneClick ? "one_click" : "link");
      reply.header("cache-control", "no-store");
      if (!target) {
        return reply
          .status(404)
          .type("text/html; charset=utf-8")
          .send(page("Link not valid", "<p>This unsubscribe link is not valid.</p>"));
      }
      if (oneClick) return reply.type("text/plain; charset=utf-8").send("Unsubscribed");
      return reply
        .type("text/html; charset=utf-8")
        .send(page("You are unsubscribed", `<p>${escapeHtml(target.email ?? "This address")} will not receive these emails again.</p>`));
    });
  });
}
