import { defineConfig } from "vitest/config";
import { testReporters } from "../../scripts/vitest-reporters.ts";

/**
 * The reliability and security suites (docs/reliability.md), apart from `npm test`: each is one
 * project run by its own npm script (`npm run test:fuzz`, `test:tenancy`, `test:faults`). Files are
 * `*.suite.ts`, so the ordinary test run never picks them up.
 */
const suite = (name: string, extra: { testTimeout?: number; maxWorkers?: number; execArgv?: string[] } = {}) => ({
  extends: true as const,
  test: {
    name,
    include: [`test/reliability/${name}/**/*.suite.ts`],
    testTimeout: extra.testTimeout ?? 600_000,
    maxWorkers: extra.maxWorkers ?? 1,
    ...(extra.execArgv ? { execArgv: extra.execArgv } : {}),
  },
});

export default defineConfig({
  test: {
    hookTimeout: 300_000,
    globalSetup: ["./test/database-template.ts"],
    pool: "forks",
    reporters: testReporters(process.env.RELIABILITY_SUITE ?? "reliability"),
    projects: [suite("fuzz", { execArgv: ["--expose-gc"] }), suite("tenancy"), suite("faults")],
  },
});
