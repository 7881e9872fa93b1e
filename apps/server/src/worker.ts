/**
 * Job worker for scale-out (`npm run worker`): builds the runtime (runtime.ts: the context and
 * every feature's register, which defines the job handlers) and runs the handlers against the
 * shared PostgreSQL database. No HTTP app, no listening socket. Stops gracefully on SIGTERM.
 * Start any number of them.
 */
import { type Config, ConfigError, parseConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { createLogger } from "./platform/request-log.ts";
import { createRuntime } from "./runtime.ts";

async function main() {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.DATABASE_URL) {
    console.error(
      "npm run worker needs DATABASE_URL (PostgreSQL). The embedded database is single-process: " +
        "with it, `npm start` runs the jobs itself and no separate worker is needed.",
    );
    process.exit(1);
  }

  const log = createLogger(config);
  const database = await openDatabase({ url: config.DATABASE_URL });
  await migrate(database);
  // The same context and features as the API (runtime.ts), without Fastify.
  const runtime = await createRuntime({ config, database, log });
  if (!config.REDIS_URL) {
    log.warn("REDIS_URL is not set: live updates from jobs run here will not reach browsers connected to the API processes");
  }
  process.on("unhandledRejection", (err) => log.error({ err }, "unhandled rejection"));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing running jobs, then stopping`);
    await runtime.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await runtime.start({ work: true });
  log.info("Prospector worker is running jobs");
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
