/**
 * Runs one benchmark target in a child process (its own event loop and memory figures) and reads
 * back its result: the child prints one `BENCH_RESULT <json>` line with `reportToParent`.
 */
import { spawn } from "node:child_process";

const MARK = "BENCH_RESULT ";

/** Re-runs `script` with `--run <target> <rows>`; PGlite children get no DATABASE_URL. */
export function runInChild(script: string, target: "postgres" | "pglite", rows: number): Promise<unknown> {
  const env = { ...process.env };
  if (target === "pglite") delete env.DATABASE_URL;
  const proc = spawn(process.execPath, [...process.execArgv, script, "--run", target, String(rows)], {
    stdio: ["ignore", "pipe", "inherit"],
    env,
  });
  return new Promise((resolve, reject) => {
    let buf = "";
    proc.stdout.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
    });
    proc.on("exit", (code) => {
      const line = buf.split("\n").find((l) => l.startsWith(MARK));
      if (line) resolve(JSON.parse(line.slice(MARK.length)));
      else reject(new Error(`${target} bench exited with ${code}:\n${buf}`));
    });
  });
}

export function reportToParent(result: unknown): void {
  process.stdout.write(`${MARK}${JSON.stringify(result)}\n`);
}
