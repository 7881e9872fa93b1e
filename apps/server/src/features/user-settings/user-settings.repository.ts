/** Drizzle calls of user settings: the lazily created settings row and the user's own profile columns. */
import type { AccessibilitySettings } from "@prospector/contracts";
import { and, eq, inArray, like as likeOp, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { type StoredPreferences, userSettings } from "./user-settings.table.ts";

export interface ProfileRow {
  name: string;
  email: string;
  image: string | null;
  twoFactorEnabled: boolean;
}

export function createUserSettingsRepository(db: Db) {
  return {
    async find(userId: string, workspaceId: string) {
      const [row] = await db
        .select({ preferences: userSettings.preferences, accessibility: userSettings.accessibility })
        .from(userSettings)
        .where(and(eq(userSettings.userId, userId), eq(userSettings.workspaceId, workspaceId)))
        .limit(1);
      return row ?? null;
    },

    async profile(userId: string): Promise<ProfileRow | null> {
      const [row] = await db
        .select({ name: users.name, email: users.email, image: users.image, twoFactorEnabled: users.twoFactorEnabled })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    async emailTaken(email: string, exceptUserId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Writes profile columns and merged preferences in one transaction. jsonb `||` merges at the
     * top level inside the UPDATE, so two tabs saving different fields at once both keep theirs.
     */
    async save(opts: {
      userId: string;
      workspaceId: string;
      user?: { name?: string; email?: string };
      preferences?: StoredPreferences;
      accessibility?: Partial<AccessibilitySettings>;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        if (opts.user && Object.keys(opts.user).length > 0) {
          await tx.update(users).set(opts.user).where(eq(users.id, opts.userId));
        }
        const prefs = opts.preferences ?? {};
        const a11y = opts.accessibility ?? {};
        if (Object.keys(prefs).length === 0 && Object.keys(a11y).length === 0) return;
        await tx
          .insert(userSettings)
          .values({ userId: opts.userId, workspaceId: opts.workspaceId, preferences: prefs, accessibility: a11y })
          .onConflictDoUpdate({
            target: [userSettings.userId, userSettings.workspaceId],
            set: {
              preferences: sql`${userSettings.preferences} || ${JSON.stringify(prefs)}::jsonb`,
              accessibility: sql`${userSettings.accessibility} || ${JSON.stringify(a11y)}::jsonb`,
              updatedAt: new Date(),
            },
          });
      });
    },

    /** Distinct picture URLs (matching `like`) of the members of these workspaces. */
    async memberImages(workspaceIds: string[], like: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ image: users.image })
        .from(users)
        .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
        .where(and(inArray(workspaceMembers.workspaceId, workspaceIds), likeOp(users.image, like)));
      return rows.flatMap((r) => (r.image ? [r.image] : []));
    },

    async setImage(userId: string, image: string | null): Promise<string | null> {
      const [before] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId)).limit(1);
      await db.update(users).set({ image }).where(eq(users.id, userId));
      return before?.image ?? null;
    },
  };
}

export type UserSettingsRepository = ReturnType<typeof createUserSettingsRepository>;
