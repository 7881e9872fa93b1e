/**
 * Logger options for the API process. Query strings carry secrets (the team socket's `?token=`,
 * reset and verification links the server answers as web-app pages), so a request is logged with
 * its path and the names of its query parameters, never their values (contracts' redactUrl).
 */
import { redactUrl } from "@prospector/contracts";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

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
