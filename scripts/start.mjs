#!/usr/bin/env node
/**
 * `npm start`: builds the web app when it is missing or older than its sources, then runs the
 * server (API + web app) on PORT (default 8000) with the embedded database in DATA_DIR.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const web = path.join(root, "apps/web");
const built = path.join(web, "dist/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const stale =
  !fs.existsSync(built) ||
  Math.max(
    newestMtime(path.join(web, "src")),
    newestMtime(path.join(root, "packages/contracts/src")),
    fs.statSync(path.join(web, "index.html")).mtimeMs,
  ) > fs.statSync(built).mtimeMs;
if (stale && !process.env.SKIP_WEB_BUILD) {
  console.log("Building the web app (first run or changed sources)…");
  const r = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Node runs the TypeScript sources as they are (type stripping): no build step and no loader.
const server = spawn(process.execPath, [path.join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
