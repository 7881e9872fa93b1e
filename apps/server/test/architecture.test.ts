/**
 * The import rules of ARCHITECTURE.md ("Layers"), checked on the real source tree, and the
 * checker itself checked on small trees that break each rule once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkArchitecture, formatViolations } from "./architecture.ts";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

describe("server architecture", () => {
  it("imports only downward, through entry files, with Drizzle only in repositories and no circle", () => {
    const violations = checkArchitecture(src);
    expect(formatViolations(violations)).toBe("");
  });
});

describe("the architecture checker", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const tree = (files: Record<string, string>) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "arch-"));
    dirs.push(root);
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    return root;
  };
  const layers = [["low"], ["mid", "peer"], ["high"]];
  const rules = (files: Record<string, string>) => checkArchitecture(tree(files), layers, []).map((v) => `${v.rule} ${v.file}`);

  it("accepts a downward import through the entry file and a table's foreign key", () => {
    expect(
      rules({
        "features/low/index.ts": 'export { a } from "./low.service.ts";',
        "features/low/low.service.ts": "export const a = 1;",
        "features/low/low.table.ts": 'import { pgTable } from "drizzle-orm/pg-core";',
        "features/high/high.service.ts": 'import { a } from "../low/index.ts";',
        "features/high/high.table.ts": 'import { t } from "../low/low.table.ts";',
        "features/high/high.repository.ts": 'import { eq } from "drizzle-orm";\nexport const q = (db) => db.select().from(x);',
        "app.ts": 'import { a } from "./features/low/index.ts";',
      }),
    ).toEqual([]);
  });

  it("finds an upward import, a peer import, a reach past the entry file and a foundation import", () => {
    expect(
      rules({
        "features/low/low.service.ts": 'import { b } from "../high/index.ts";',
        "features/mid/mid.service.ts": 'import { p } from "../peer/index.ts";\nimport { r } from "../low/low.repository.ts";',
        "features/low/low.repository.ts": "export const r = 1;",
        "features/high/index.ts": 'export { r } from "./high.repository.ts";',
        "platform/tenancy.ts": 'import { t } from "../features/low/index.ts";',
        "app.ts": 'import { r } from "./features/low/low.repository.ts";',
      }).sort(),
    ).toEqual([
      "foundation platform/tenancy.ts",
      "peer features/mid/mid.service.ts",
      "root app.ts",
      "surface features/mid/mid.service.ts",
      "surface-repository features/high/index.ts",
      "upward features/low/low.service.ts",
    ]);
  });

  it("finds Drizzle outside repositories, product code importing tests, unknown features and circles", () => {
    expect(
      rules({
        "features/low/low.service.ts": 'import { eq } from "drizzle-orm";\nimport { f } from "./low.fixtures.ts";',
        "features/low/low.jobs.ts": "export const run = (ctx) => ctx.db.update(t).set({});",
        "features/low/low.fixtures.ts": "export const f = 1;",
        "features/low/a.ts": 'import type { B } from "./b.ts";',
        "features/low/b.ts": 'import { a } from "./a.ts";',
        "features/other/x.ts": "export {};",
      }).sort(),
    ).toEqual([
      "circle features/low/a.ts",
      "drizzle features/low/low.jobs.ts",
      "drizzle features/low/low.service.ts",
      "test-code features/low/low.service.ts",
      "unknown-feature features/other/x.ts",
    ]);
  });
});
