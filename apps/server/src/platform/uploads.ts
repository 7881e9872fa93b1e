/**
 * Multipart parsing for the few routes that take file uploads (lead import, profile picture,
 * backup restore). Each registers its upload routes through `uploadRoutes`, which gives them a
 * scope with @fastify/multipart: the plugin adds three hooks to every request of the scope it is
 * registered in, so registered once for the whole app it cost every API call (bench/api).
 * Each route narrows the limits for its own files.
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

export function uploadRoutes(app: FastifyInstance, routes: (scope: ReturnType<typeof withZod>) => void): void {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 5, fields: 50 } });
    routes(withZod(scope));
  });
}

function withZod(scope: FastifyInstance) {
  return scope.withTypeProvider<ZodTypeProvider>();
}
