import { defineConfig } from "vitest/config";
import { testReporters } from "../../scripts/vitest-reporters.ts";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Migrates once per run; each test file's database is a copy (test/database-template.ts).
    globalSetup: ["./test/database-template.ts"],
    pool: "forks",
    maxWorkers: 2,
    reporters: testReporters("server"),
  },
});
