import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { testReporters } from "../../scripts/vitest-reporters.ts";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 15_000,
    reporters: testReporters("web"),
  },
});
