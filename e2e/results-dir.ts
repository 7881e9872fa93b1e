/**
 * The run's output folder: Playwright's outputDir (failure screenshots, traces, snapshot diffs),
 * the specs' screenshots (screens/) and the state the first-run project hands the app project
 * (instance-admin.json). E2E_RESULTS_DIR (relative to e2e/ or absolute) gives each run its own, so
 * two runs side by side (CI's PGlite and PostgreSQL runs) neither share files nor wipe each
 * other's: Playwright empties outputDir when a run starts. Default: e2e/test-results.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));

export const RESULTS_DIR = path.resolve(E2E_DIR, process.env.E2E_RESULTS_DIR || "test-results");

/** A path inside the run's output folder, e.g. outputPath("screens", "landing.png"). */
export function outputPath(...parts: string[]): string {
  return path.join(RESULTS_DIR, ...parts);
}

/** Where a spec's screenshot named `name` goes: screens/<name>.png in the run's output folder. */
export function screenPath(name: string): string {
  return outputPath("screens", `${name}.png`);
}
