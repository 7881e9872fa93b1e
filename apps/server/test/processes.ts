/**
 * Server processes as real children, for tests of scale-out and crashes: `npm run worker` started
 * with only the environment a test gives it (never the runner's own DATABASE_URL by accident).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "./wait.ts";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface ChildServer {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>;
  /** Resolves once the output contains `text`; fails with the output if the process exits first. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
}

/** A script of the server (`src/…`) as a child on Node (type stripping), with `env` and nothing else of ours. */
function spawnChild(script: string, env: Record<string, string | undefined>): ChildServer {
  let out = "";
  const child = spawn(process.execPath, [script], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exit,
    async waitForOutput(text, timeoutMs = 30_000) {
      await waitFor(
        () => {
          if (out.includes(text)) return true;
          if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the process exited: ${out}`);
          return false;
        },
        { what: `"${text}" in the output of ${child.pid}`, timeoutMs, intervalMs: 100 },
      );
    },
  };
}

/** `src/worker.ts` on Node (type stripping), as `npm run worker` runs it, with `env` and nothing else of ours. */
export function startWorker(env: Record<string, string | undefined>): ChildServer {
  return spawnChild("src/worker.ts", env);
}

/**
 * The TCP ports a process listens on (Linux: its socket descriptors matched against
 * /proc/<pid>/net/tcp{,6} entries in state LISTEN). Null where /proc is not available.
 */
export function listeningPorts(pid: number): number[] | null {
  const fdDir = `/proc/${pid}/fd`;
  if (!fs.existsSync(fdDir)) return null;
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(fdDir)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(path.join(fdDir, fd)));
      if (m) inodes.add(m[1]!);
    } catch {
      // The descriptor closed while we looked.
    }
  }
  const ports: number[] = [];
  for (const table of ["tcp", "tcp6"]) {
    const file = `/proc/${pid}/net/${table}`;
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is "HEX_IP:HEX_PORT"; st 0A is LISTEN; the inode is the tenth column.
      if (cols[3] === "0A" && inodes.has(cols[9] ?? "")) ports.push(Number.parseInt(cols[1]!.split(":")[1]!, 16));
    }
  }
  return ports;
}

/**
 * `src/main.ts` (the API, as `npm start` runs it) as a real child process on `port`, with `env` and
 * nothing else of ours; resolves once GET /api/health answers (any status: the process is serving).
 */
export async function startServer(env: Record<string, string | undefined>, port: number, timeoutMs = 60_000): Promise<ChildServer> {
  const server = spawnChild("src/main.ts", { HOST: "127.0.0.1", PORT: String(port), ...env });
  const { child } = server;
  await waitFor(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API process exited: ${server.output()}`);
      try {
        await fetch(`http://127.0.0.1:${port}/api/health`);
        return true;
      } catch {
        return false;
      }
    },
    { what: `the API process ${child.pid} to answer on port ${port}`, timeoutMs, intervalMs: 200 },
  );
  return server;
}

/** A TCP port free at the time of asking (the kernel's pick for port 0). */
export async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
