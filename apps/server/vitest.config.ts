import { defineConfig } from "vitest/config";
import { testReporters } from "../../scripts/vitest-reporters.ts";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: testReporters("server"),
  },
});
