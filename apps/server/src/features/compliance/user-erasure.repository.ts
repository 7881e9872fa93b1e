/**
 * The read behind the refusals of a member's erasure (docs/compliance.md, "Erasing a member"). The
 * deletions themselves live in the features that own the tables (`*-erasure.repository.ts`).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}
/** Who the member is for the refusals: instance admin, the workspace's owner (its own or its organization's). */
export async function memberStanding(db: Tx, workspaceId: string, userId: string) {
  const [row] = rowsOf<{ is_instance_admin: boolean; owner_id: string | null; name: string; email: string }>(
    await db.execute(sql`
      select u.is_instance_admin, u.name, u.email, coalesce(w.owner_id, o.owner_id) as owner_id
      from users u, workspaces w left join organizations o on o.id = w.organization_id
      where u.id = ${userId} and w.id = ${workspaceId}`),
  );
  return row;
}
