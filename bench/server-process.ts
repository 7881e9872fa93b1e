/**
 * The real server process for benchmarks: `apps/server/src/main.ts` as an operator starts it
 * (NODE_ENV=production), on 127.0.0.1 and a free port, with the environment the bench gives.
 * Shared by web.bench.ts and load.bench.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

export interface ServerProcess {
  base: string;
  proc: ChildProcess;
}

/**
 * Starts the server with `env` over the bench's own environment (DATABASE_URL and REDIS_URL are
 * cleared unless `env` sets them: embedded PGlite, in-memory fan-out) and waits until
 * /api/health answers.
 */
export async function startServer(env: Record<string, string>, opts: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, proc };
    await new Promise((r) => setTimeout(r, 500));
  }
  proc.kill("SIGKILL");
  throw new Error(`server did not start within ${timeoutMs / 1000} s`);
}

/** SIGTERM (the server closes its database), SIGKILL after 20 s; resolves with the exit code. */
export async function stopServer(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  proc.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (proc.exitCode === null && proc.signalCode === null) {
    proc.kill("SIGKILL");
    await exited;
  }
  return proc.exitCode;
}
