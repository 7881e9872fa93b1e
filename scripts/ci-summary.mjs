#!/usr/bin/env node
/** Sums the Vitest JSON reports of a CI run and prints one "N passed, N failed" line. */
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".json"))) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`${f.replace(/\.json$/, "")}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".pw"))) {
  const { stats } = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
  console.log(`${f.replace(/\.pw$/, "")}: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
