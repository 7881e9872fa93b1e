/**
 * Finished exports that hold an erased person's data, and exports past the workspace's retention,
 * lose their files (docs/compliance.md). Text files (CSV, JSON) are searched; an archive or a
 * spreadsheet cannot be searched cheaply, so one made after the person was added is removed too.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../../context.ts";
import * as repo from "./data-exports-erasure.repository.ts";
import { exportsDir } from "./storage.ts";

const TEXT = /\.(csv|json|ndjson|txt|tsv)$/i;

async function holds(dir: string, files: { name: string }[], needles: string[], since: Date | null, createdAt: Date): Promise<boolean> {
  for (const f of files) {
    if (!TEXT.test(f.name)) {
      if (since && createdAt >= since) return true;
      continue;
    }
    const body = (await fs.readFile(path.join(dir, f.name), "utf8").catch(() => "")).toLowerCase();
    if (needles.some((n) => n && body.includes(n.toLowerCase()))) return true;
  }
  return false;
}

/** Removes the files of the workspace's finished exports that contain any of `needles`; answers how many. */
export async function eraseExportsContaining(
  ctx: Pick<AppContext, "db" | "config">,
  workspaceId: string,
  needles: string[],
  since: Date | null,
): Promise<number> {
  let removed = 0;
  for (const row of await repo.finishedExports(ctx.db, workspaceId)) {
    const dir = path.join(exportsDir(ctx.config), row.workspaceId, row.id);
    if (!(await holds(dir, row.files, needles, since, row.createdAt))) continue;
    await fs.rm(dir, { recursive: true, force: true });
    await repo.markRemoved(ctx.db, workspaceId, row.id, "Removed: it held data of a person erased on request");
    removed++;
  }
  return removed;
}

/** Retention: finished exports completed before `before` lose their files; answers how many. */
export async function expireFinishedExports(ctx: Pick<AppContext, "db" | "config">, workspaceId: string, before: Date): Promise<number> {
  const rows = await repo.finishedExports(ctx.db, workspaceId, before);
  for (const row of rows) {
    await fs.rm(path.join(exportsDir(ctx.config), row.workspaceId, row.id), { recursive: true, force: true });
    await repo.markRemoved(ctx.db, workspaceId, row.id, "Removed by the workspace's retention rule");
  }
  return rows.length;
}
