/**
 * Drizzle calls of a member's erasure (docs/compliance.md, "Erasing a member"): the checks that
 * refuse it, the member's rows of one workspace, and the account-level rows when the person is a
 * member of no workspace any more. Every statement names its table and the user id.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}
function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
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

/** Removes the member's rows of this workspace (membership, keys, settings, notifications, grants); counts per table. */
export async function deleteWorkspaceRows(db: Tx, workspaceId: string, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const run = async (table: string, q: ReturnType<typeof sql>) => {
    const n = countOf(await db.execute(q));
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  };
  await run("api_keys", sql`delete from api_keys where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await run("user_settings", sql`delete from user_settings where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await run("notifications", sql`delete from notifications where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await run("user_permissions", sql`delete from user_permissions where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await run("access_tokens", sql`delete from access_tokens where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await run("access_requests", sql`delete from access_requests where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await run(
    "team_members",
    sql`delete from team_members where user_id = ${userId} and team_id in (select id from teams where workspace_id = ${workspaceId})`,
  );
  await run("workspace_members", sql`delete from workspace_members where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await db.execute(sql`update users set default_workspace_id = null where id = ${userId} and default_workspace_id = ${workspaceId}`);
  return counts;
}

export async function membershipCount(db: Tx, userId: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from workspace_members where user_id = ${userId}`));
  return Number(r?.n ?? 0);
}

/**
 * The account itself, once the person belongs to no workspace: sign-in methods, sessions,
 * verifications, two-factor, recovery codes, password history, every remaining setting,
 * notification, key and grant deleted, and the users row anonymised (kept so foreign keys that
 * record "who did it" stay valid, pointing at nobody).
 */
export async function eraseAccount(db: Tx, userId: string, email: string, placeholder: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const run = async (table: string, q: ReturnType<typeof sql>) => {
    const n = countOf(await db.execute(q));
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  };
  await run("sessions", sql`delete from sessions where user_id = ${userId}`);
  await run("accounts", sql`delete from accounts where user_id = ${userId}`);
  await run(
    "verifications",
    sql`delete from verifications where lower(identifier) like ${`%${email.toLowerCase()}%`} or value like ${`%${userId}%`} or lower(value) like ${`%${email.toLowerCase()}%`}`,
  );
  // Sign-in events (security's detection reads them for 90 days): the account's and any attempt with the address.
  await run("security_events", sql`delete from security_events where user_id = ${userId} or lower(email) = ${email.toLowerCase()}`);
  await run("password_history", sql`delete from password_history where user_id = ${userId}`);
  await run("two_factor_credentials", sql`delete from two_factor_credentials where user_id = ${userId}`);
  await run("recovery_codes", sql`delete from recovery_codes where user_id = ${userId}`);
  await run("user_settings", sql`delete from user_settings where user_id = ${userId}`);
  await run("notifications", sql`delete from notifications where user_id = ${userId}`);
  await run("api_keys", sql`delete from api_keys where user_id = ${userId}`);
  await run("user_permissions", sql`delete from user_permissions where user_id = ${userId}`);
  await run("access_tokens", sql`delete from access_tokens where user_id = ${userId}`);
  await run("team_members", sql`delete from team_members where user_id = ${userId}`);
  await run(
    "users",
    sql`update users set email = ${placeholder}, name = 'Erased user', image = null, is_active = false, email_verified = false,
      two_factor_enabled = false, default_workspace_id = null, updated_at = now() where id = ${userId}`,
  );
  return counts;
}
