/**
 * Reporters for every Vitest config. `npm test` prints the default report; when CI sets
 * TEST_REPORT_DIR, each workspace also writes a JSON report named `<suite>-<TEST_REPORT_LABEL>.json`
 * there, which scripts/ci-summary.mjs adds up. This is how `.ci/run` runs the README's own
 * `npm test` and still counts every test (npm cannot pass reporter flags through the chained
 * workspace scripts).
 */
type Reporter = string | [string, Record<string, unknown>];

export function testReporters(suite: string): Reporter[] {
  const dir = process.env.TEST_REPORT_DIR;
  if (!dir) return ["default"];
  const label = process.env.TEST_REPORT_LABEL ?? "run";
  return ["default", ["json", { outputFile: `${dir}/${suite}-${label}.json` }]];
}
