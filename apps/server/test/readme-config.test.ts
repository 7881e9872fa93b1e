import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { envTable } from "../scripts/env-table.ts";

const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../README.md"), "utf8");

describe("README configuration table", () => {
  it("matches the config schema (regenerate with npm run docs:env)", () => {
    const section = readme.split("<!-- env-table:start -->")[1]?.split("<!-- env-table:end -->")[0]?.trim();
    expect(section).toBe(envTable());
  });
});
