/**
 * Two-factor authentication of a user (not tenant data: it belongs to the person, in every
 * workspace): the authenticator-app secret, encrypted, and the one-time recovery codes, hashed.
 */
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";

export const twoFactorCredentials = pgTable("two_factor_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-256-GCM under a key derived from the auth secret; see two-factor.crypto.ts. */
  secretEncrypted: text("secret_encrypted").notNull(),
  /** Null while the setup waits for its first code; users.two_factor_enabled follows this. */
  enabledAt: ts("enabled_at"),
  /** The TOTP time step last accepted: a code is never accepted twice. */
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId), uniqueIndex("recovery_codes_user_hash_uq").on(t.userId, t.codeHash)],
);
