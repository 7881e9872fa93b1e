/** Entry point: parse config → open and migrate the database → buildApp → listen. */
import { buildApp } from "./app.ts";
import { ConfigError, parseConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";

async function main() {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = performance.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(database);
  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  // A stray network error must be logged, not take the whole server down.
  process.on("unhandledRejection", (err) => app.log.error({ err }, "unhandled rejection"));
  await app.listen({ host: config.HOST, port: config.PORT });
  const where = config.DATABASE_URL ? "PostgreSQL" : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Prospector is running at ${config.publicUrl} (database: ${where}, ready in ${Math.round(performance.now() - started)} ms)`);
  await app.ctx.onStarted?.();
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
