#!/usr/bin/env node
/**
 * Adds up the Vitest JSON reports and Playwright JSON reports of a CI run and prints one
 * "N passed, N failed" line. It fails the run on a failed test, on a suite that failed without a
 * failing test (a crash in beforeAll or at import), and when a report that should be there is
 * missing; it lists every flaky Playwright test (passed only on retry) and every skipped test.
 * Usage: ci-summary.mjs <dir> [expected report names…]
 */
import fs from "node:fs";
import path from "node:path";

const [dir, ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
const skippedList = [];
const flakyList = [];
const files = fs.readdirSync(dir);

for (const name of expected) {
  if (!files.includes(name)) problems.push(`missing report ${name} (the suite did not run to the end)`);
}

for (const f of files.filter((n) => n.endsWith(".json"))) {
  const label = f.replace(/\.json$/, "");
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
  // Suites may leave their figures (not a test report) beside the reports.
  if (typeof r.numTotalTests !== "number") continue;
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    const file = path.relative(process.cwd(), suite.name);
    if (suite.status === "failed" && !(suite.assertionResults ?? []).some((a) => a.status === "failed")) {
      problems.push(`${label}: ${file} failed outside a test: ${(suite.message ?? "").split("\n")[0]}`);
    }
    for (const a of suite.assertionResults ?? []) {
      if (a.status === "pending" || a.status === "skipped" || a.status === "todo") skippedList.push(`${label}: ${file} › ${a.fullName}`);
    }
  }
  if ((r.numFailedTestSuites ?? 0) > 0 && (r.numFailedTests ?? 0) === 0 && !problems.some((p) => p.startsWith(label))) {
    problems.push(`${label}: ${r.numFailedTestSuites} suite(s) failed`);
  }
  console.log(`${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests ?? 0} skipped`);
}

function walkSpecs(suites, file, out) {
  for (const s of suites ?? []) {
    for (const spec of s.specs ?? []) for (const t of spec.tests ?? []) out.push({ file: spec.file ?? file, title: spec.title, test: t });
    walkSpecs(s.suites, s.file ?? file, out);
  }
  return out;
}

for (const f of files.filter((n) => n.endsWith(".pw"))) {
  const label = f.replace(/\.pw$/, "");
  const report = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
  const { stats } = report;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
  for (const { file, title, test } of walkSpecs(report.suites, "", [])) {
    if (test.status === "flaky") flakyList.push(`${label}: ${file} › ${title}`);
    if (test.status === "skipped") skippedList.push(`${label}: ${file} › ${title}`);
  }
  for (const e of report.errors ?? []) problems.push(`${label}: ${(e.message ?? "").split("\n")[0]}`);
  console.log(`${label}: ${stats.expected + stats.flaky} passed (${stats.flaky} flaky), ${stats.unexpected} failed`);
}

if (flakyList.length) console.log(`\nFlaky (passed only on retry):\n  ${flakyList.join("\n  ")}`);
if (skippedList.length) console.log(`\nSkipped:\n  ${skippedList.join("\n  ")}`);
if (problems.length) console.log(`\nProblems:\n  ${problems.join("\n  ")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
