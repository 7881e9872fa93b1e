/**
 * Security headers on every response. Pages (the web app, its files, /docs) get the set helmet 8
 * sends by default, minus the Content-Security-Policy (the web app sets its own in index.html) and
 * with a same-site Cross-Origin-Resource-Policy so the web app may load its API's images.
 *
 * JSON answers under /api get only the headers that mean something for an API (OWASP REST
 * Security cheat sheet): HSTS, no MIME sniffing, no framing and no cross-site reads. The others
 * (prefetch, download options, legacy XSS filter, Flash policies, agent clusters, opener policy,
 * referrer policy) only apply to documents a browser renders.
 *
 * They are fixed, so they are written once here and attached with Fastify's own header store in
 * one hook. helmet computed and set them one by one through Node's setHeader on each request,
 * which also forced Node's slow path for the rest of the response headers (bench/api).
 */
import type { FastifyInstance } from "fastify";

export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-site",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "cross-origin-resource-policy": "same-site",
  "strict-transport-security": PAGE_SECURITY_HEADERS["strict-transport-security"] as string,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/") ? API_SECURITY_HEADERS : PAGE_SECURITY_HEADERS);
    done();
  });
}
