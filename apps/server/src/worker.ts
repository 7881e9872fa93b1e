/**
 * Job worker for scale-out (`npm run worker`): runs pg-boss job handlers against the shared
 * PostgreSQL database, serves no HTTP, and stops gracefully on SIGTERM. Start any number of them.
 */
import { buildApp } from "./app.ts";
import { type Config, ConfigError, parseConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";

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

  const database = await openDatabase({ url: config.DATABASE_URL });
  await migrate(database);
  // The same services as the API (mailer, realtime, jobs), built by the same code; it never listens.
  const app = await buildApp({ config, database, work: true });
  if (!config.REDIS_URL) {
    app.log.warn("REDIS_URL is not set: live updates from jobs run here will not reach browsers connected to the API processes");
  }
  process.on("unhandledRejection", (err) => app.log.error({ err }, "unhandled rejection"));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing running jobs, then stopping`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.ready();
  app.log.info("Prospector worker is running jobs");
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
