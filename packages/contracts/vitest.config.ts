import { defineConfig } from "vitest/config";
import { testReporters } from "../../scripts/vitest-reporters.ts";

export default defineConfig({
  test: { reporters: testReporters("contracts") },
});
