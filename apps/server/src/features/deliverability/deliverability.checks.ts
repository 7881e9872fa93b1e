/** The cached checks as the API and the features above see them (contracts DomainCheck). */
import type { DomainCheck } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import * as repo from "./deliverability.checks.repository.ts";

export function toDomainCheck(row: repo.CheckRow): DomainCheck {
  return {
    domain: row.domain,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    found: row.found,
    fix: row.fix ?? null,
    checked_at: row.checkedAt.toISOString(),
  };
}

/** The latest answer of each check of the workspace's sending domains (or one domain), as cached. */
export async function cachedDomainChecks(ctx: Pick<AppContext, "db">, workspaceId: string, domain?: string): Promise<DomainCheck[]> {
  return (await repo.latestChecks(ctx.db, workspaceId, domain)).map(toDomainCheck);
}
