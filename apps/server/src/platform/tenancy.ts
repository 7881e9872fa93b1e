/**
 * Tenancy helpers: load a row of tenant data by id within the caller's workspace, or fail with a
 * 404 — never a 403, so a caller cannot learn that another workspace's record exists.
 */
import type { ErrorCode } from "@prospector/contracts";
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import type { AuthContext } from "./auth-context.ts";
import { AppError } from "./errors.ts";
import { isUuid } from "./ids.ts";

type TenantTable = PgTable & { id: PgColumn; workspaceId: PgColumn };

export interface FindInWorkspaceOptions {
  /** The 404 code to throw (a feature's own, e.g. CAMPAIGN_NOT_FOUND); NOT_FOUND by default. */
  notFound?: ErrorCode;
  /** Extra filter, e.g. excluding soft-deleted rows. */
  where?: SQL;
}

/**
 * The row of `table` with this id in this workspace, or AppError(404). A malformed id is a 404
 * too (not a database error): to the caller it is simply a record that does not exist.
 */
export async function findInWorkspace<T extends TenantTable>(
  db: Db,
  table: T,
  workspaceId: string,
  id: string,
  opts: FindInWorkspaceOptions = {},
): Promise<T["$inferSelect"]> {
  if (!isUuid(id)) throw new AppError(opts.notFound ?? "NOT_FOUND");
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.workspaceId, workspaceId), opts.where))
    .limit(1);
  const row = rows[0];
  if (!row) throw new AppError(opts.notFound ?? "NOT_FOUND");
  return row as T["$inferSelect"];
}

/** Same as findInWorkspace, scoped to the signed-in caller's workspace. */
export const findForCaller = <T extends TenantTable>(db: Db, auth: AuthContext, table: T, id: string, opts?: FindInWorkspaceOptions) =>
  findInWorkspace(db, table, auth.workspaceId, id, opts);
