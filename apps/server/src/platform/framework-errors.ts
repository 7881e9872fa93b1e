/**
 * Fastify refuses some URLs before routing (malformed percent-encoding, a path parameter longer
 * than maxParamLength) and answers them with its own body, past the error handler. The server's
 * `frameworkErrors` option sends them in the API's error envelope (`{detail, code}`) instead.
 */
import type { ErrorBody } from "@prospector/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === "FST_ERR_BAD_URL" || error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    const detail =
      error.code === "FST_ERR_BAD_URL" ? "The URL is not valid (malformed percent-encoding)" : "A path segment of the URL is too long";
    reply.status(400).send({ detail, code: "BAD_REQUEST" } satisfies ErrorBody);
    return;
  }
  reply.status(500).send({ detail: "Server error occurred. Please try again later.", code: "INTERNAL" } satisfies ErrorBody);
}
