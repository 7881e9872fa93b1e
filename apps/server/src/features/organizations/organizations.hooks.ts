/** The hooks organizations declares: higher features subscribe from their `register(ctx)`. */
import type { Db } from "../../db/client.ts";

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    /**
     * A new organization with its default workspace and admin, inside the creating transaction
     * `tx`: the access feature seeds the role permissions with it (all of it exists, or none).
     */
    "organizations.created": (e: { tx: Db; organizationId: string; workspaceId: string; ownerId: string }) => Promise<void>;
  }
}
