#!/usr/bin/env node
/** Rewrites the configuration table in README.md from the server's config schema. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const table = execFileSync(process.execPath, ["apps/server/scripts/env-table.ts"], { encoding: "utf8" }).trim();
const readme = fs.readFileSync("README.md", "utf8");
const next = readme.replace(
  /<!-- env-table:start -->[\s\S]*<!-- env-table:end -->/,
  `<!-- env-table:start -->\n${table}\n<!-- env-table:end -->`,
);
fs.writeFileSync("README.md", next);
console.log("README.md configuration table updated");
