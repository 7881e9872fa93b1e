/**
 * buildApp: the runtime (runtime.ts: context and every feature registered) plus Fastify, the
 * platform's HTTP hooks, each feature's routes and the web app. Tests drive it with app.inject();
 * main.ts listens. The worker (worker.ts) builds the runtime alone.
 */
import type { Server } from "node:http";
import cors from "@fastify/cors";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Database } from "./db/client.ts";
import { FEATURES } from "./features.ts";
import { registerApiCompression } from "./platform/compression.ts";
import { registerErrorHandling } from "./platform/errors.ts";
import { frameworkErrors } from "./platform/framework-errors.ts";
import { type LogDestination, loggerOptions } from "./platform/request-log.ts";
import { registerRouteAccess } from "./platform/route-access.ts";
import { registerSecurityHeaders } from "./platform/security-headers.ts";
import { serializerCompiler } from "./platform/serializer.ts";
import { registerWebApp } from "./platform/web-app.ts";
import { createRuntime, type Runtime } from "./runtime.ts";

export type App = FastifyInstance & { ctx: AppContext; runtime: Runtime };

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Run job workers in this process (default: config.JOBS === "inline"). */
  work?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
}

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: opts.logger === false ? false : loggerOptions(config, opts.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs refused before routing get the error envelope too (platform/framework-errors.ts).
    frameworkErrors,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const runtime = await createRuntime({ config, database, log: app.log });
  try {
    await addHttp(app, runtime, opts);
  } catch (err) {
    // A refused start (a route without config.access, a plugin failing) closes what the runtime opened.
    await runtime.close();
    throw err;
  }
  return Object.assign(app, { ctx: runtime.ctx, runtime }) as unknown as App;
}

/** The platform's HTTP hooks, the API documentation, every feature's routes and the web app. */
async function addHttp(app: FastifyInstance, runtime: Runtime, opts: BuildOptions): Promise<void> {
  const { config } = opts;
  const { ctx } = runtime;

  registerErrorHandling(app);
  ctx.metrics.instrument(app);
  registerSecurityHeaders(app);
  registerApiCompression(app);
  // Every /api route must declare config.access: checked as each route is added (the access
  // feature's request hook enforces the declarations).
  registerRouteAccess(app);
  // The web app is served from the API's own origin, which needs no CORS: the plugin (a hook on
  // every request) is there only for other origins the operator lists.
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: true });
  await app.register(swagger, {
    openapi: {
      info: { title: "Prospector API", version: "0.1.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  // Every feature's routes, lowest layer first (src/features.ts; the runtime registered them).
  for (const feature of FEATURES) await feature.routes?.(app, ctx);

  registerWebApp(app, config);

  app.addHook("onReady", async () => {
    await runtime.start({ work: opts.work ?? config.JOBS === "inline" });
  });
  app.addHook("onClose", () => runtime.close());
}
