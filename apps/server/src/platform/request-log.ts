/**
 * Logger options for the API process. Query strings carry secrets (the team socket's `?token=`,
 * reset and verification links the server answers as web-app pages), so a request is logged with
 * its path and the names of its query parameters, never their values (contracts' redactUrl). Path
 * segments that are credentials (`/u/:token` unsubscribe links, `/t/o/:message/:sig`) go too.
 */
import { REDACTED, redactUrl } from "@prospector/contracts";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import pino from "pino";
import type { Config } from "../config.ts";

const SECRET_PARAM = /token|sig|secret|key|code|password/i;

/** The URL without query values, and without the values of route parameters named like credentials. */
export function loggableUrl(req: Pick<FastifyRequest, "url" | "params">): string {
  let url = redactUrl(req.url);
  const params = (req.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (!SECRET_PARAM.test(name) || typeof value !== "string" || value.length < 4) continue;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const rest = q === -1 ? "" : url.slice(q);
    url =
      path
        .split("/")
        .map((seg) => (seg === value || seg === encodeURIComponent(value) ? REDACTED : seg))
        .join("/") + rest;
  }
  return url;
}

/** The `req` serializer: Fastify's own fields, with the URL redacted. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: loggableUrl(req),
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

/**
 * A logger for a process without Fastify (the worker): pino, which Fastify uses, with the API's
 * options (level, serializers), writing JSON lines to stdout (or `stream`).
 */
export function createLogger(config: Pick<Config, "LOG_LEVEL">, stream?: LogDestination): FastifyBaseLogger {
  // Fastify takes the destination inside its options; pino takes it beside them.
  return pino(loggerOptions(config), stream);
}
