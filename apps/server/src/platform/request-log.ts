/**
 * Logger options for the API process. Query strings carry secrets (the team socket's `?token=`,
 * reset and verification links the server answers as web-app pages), so a request is logged with
 * its path and the names of its query parameters, never their values.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

export const REDACTED = "[redacted]";

/**
 * `/ws/team?token=abc&workspace_id=1#x` → `/ws/team?token=[redacted]&workspace_id=[redacted]`.
 * Every value goes, not only token-like names: a list of names to hide is one forgotten name away
 * from a leak, and values such as search terms are personal data too.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const noHash = hash === -1 ? url : url.slice(0, hash);
  const q = noHash.indexOf("?");
  if (q === -1) return noHash;
  const query = noHash.slice(q + 1);
  const names = query
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.indexOf("=");
      const name = eq === -1 ? part : part.slice(0, eq);
      return looksLikeName(name) ? `${name}=${REDACTED}` : REDACTED;
    });
  return names.length ? `${noHash.slice(0, q)}?${names.join("&")}` : noHash.slice(0, q);
}

/**
 * A bare token can stand where a name would (`?eyJhbGci…`, no `=`): a name is kept only when it
 * reads like one of ours — short snake_case, few digits — which random tokens practically never do.
 */
function looksLikeName(name: string): boolean {
  return /^[a-z_][a-z0-9_.[\]-]{0,31}$/.test(name) && (name.match(/\d/g)?.length ?? 0) <= 3;
}

/** The `req` serializer: Fastify's own fields, with the URL redacted. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export interface LogDestination {
  write(line: string): void;
}

/** Options for Fastify's `logger`; `stream` lets tests read what would be written. */
export function loggerOptions(config: Pick<Config, "LOG_LEVEL">, stream?: LogDestination) {
  return { level: config.LOG_LEVEL, serializers: { req: serializeRequest }, ...(stream ? { stream } : {}) };
}
