/**
 * Security headers on every response. Pages (the web app, its files, /docs) get the set helmet 8
 * sends by default plus a strict Content-Security-Policy (below), with a same-site
 * Cross-Origin-Resource-Policy so the web app may load its API's images. The policy is a response
 * header: index.html carries none, and a <meta> policy could not set frame-ancestors anyway.
 *
 * JSON answers under /api get only the headers that mean something for an API (OWASP REST
 * Security cheat sheet): HSTS, no MIME sniffing, no framing and no cross-site reads. The others
 * (prefetch, download options, legacy XSS filter, Flash policies, agent clusters, opener policy,
 * referrer policy, CSP) only apply to documents a browser renders.
 *
 * They are fixed, so they are written once here and attached with Fastify's own header store in
 * one hook. helmet computed and set them one by one through Node's setHeader on each request,
 * which also forced Node's slow path for the rest of the response headers (bench/api).
 */
import type { FastifyInstance } from "fastify";

/**
 * Scripts only from our own files (no inline script, no eval), nothing framed, no plugins, forms
 * and <base> pinned to our origin. Styles allow 'unsafe-inline' because emotion (MUI) writes its
 * rules into <style> elements at run time; a style cannot run code. img-src allows data: (the
 * inline SVG favicon, QR codes) and blob: (previews of picked files). connect-src 'self' covers
 * fetch and the team socket (ws:/wss: on the same host). swagger-ui at /docs lives within it too.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-site",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  // Same as frame-ancestors 'none', for browsers that predate it.
  "x-frame-options": "DENY",
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
