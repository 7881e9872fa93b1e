/**
 * Compresses large JSON answers of the API (brotli, else gzip, by Accept-Encoding). Small answers
 * are left alone and cost one length check: below a few kilobytes compression saves no round trip
 * and only adds CPU time to the hot paths (/me, counts, single records), which bench/api measures.
 * Static files are compressed at build time instead (platform/web-app.ts).
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";

/** Answers shorter than this (characters of JSON) are sent as they are. */
export const COMPRESS_THRESHOLD = 4096;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Quality 4 compresses JSON better than gzip's default at a similar cost; 11 is for build time only.
const BROTLI_OPTIONS = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

/** br or gzip when the client accepts it (q=0 refuses), else null. */
export function pickEncoding(accept: string | undefined): "br" | "gzip" | null {
  if (!accept) return null;
  let gz = false;
  for (const part of accept.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gz = true;
  }
  return gz ? "gzip" : null;
}

export function registerApiCompression(app: FastifyInstance, threshold = COMPRESS_THRESHOLD): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (typeof payload !== "string" || payload.length < threshold || !request.url.startsWith("/api/")) return done(null, payload);
    if (reply.hasHeader("content-encoding") || !String(reply.getHeader("content-type") ?? "").includes("json")) return done(null, payload);
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    if (!encoding) return done(null, payload);
    (encoding === "br" ? brotli(payload, BROTLI_OPTIONS) : gzip(payload)).then(
      (body) => {
        reply.header("content-encoding", encoding);
        reply.removeHeader("content-length");
        done(null, body);
      },
      (err: Error) => done(err),
    );
  });
}
