/**
 * Creating an organization: its default workspace, the owner as admin, and the role permissions
 * seeded from the spec's table. One transaction: all of it exists, or none.
 */
import { ROLE_PERMISSIONS, type RoleId } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rolePermissions } from "../access/access.table.ts";
import { users } from "../identity/identity.table.ts";
import { organizations, workspaceMembers, workspaces } from "./organizations.table.ts";

export const DEFAULT_WORKSPACE_SETTINGS = { timezone: "UTC", maxMembers: 10, features: ["campaigns", "leads", "analytics"] };

export async function createOrganizationForOwner(
  db: Db,
  opts: { ownerId: string; name: string },
): Promise<{ organizationId: string; workspaceId: string }> {
  return db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: opts.name, ownerId: opts.ownerId }).returning({ id: organizations.id });
    const [ws] = await tx
      .insert(workspaces)
      .values({ organizationId: org!.id, name: "Default workspace", isDefault: true, settings: DEFAULT_WORKSPACE_SETTINGS })
      .returning({ id: workspaces.id });
    await tx.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: opts.ownerId, role: "admin" });
    await tx.insert(rolePermissions).values(seedRolePermissions(org!.id));
    await tx.update(users).set({ defaultWorkspaceId: ws!.id }).where(eq(users.id, opts.ownerId));
    return { organizationId: org!.id, workspaceId: ws!.id };
  });
}

export function seedRolePermissions(organizationId: string) {
  return Object.entries(ROLE_PERMISSIONS).flatMap(([role, perms]) =>
    perms.map((p) => {
      const [resource, action] = p.split(":") as [string, string];
      return { organizationId, role: role as RoleId, resource, action, effect: "allow" as const };
    }),
  );
}
