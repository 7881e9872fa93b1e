/** Personal API keys (stored as SHA-256 hashes) and their per-day, per-endpoint request counts. */
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    /** The first characters of the key, shown in lists. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    permissions: jsonb("permissions").$type<string[]>().notNull(),
    expiresAt: ts("expires_at"),
    isActive: boolean("is_active").notNull().default(true),
    lastUsedAt: ts("last_used_at"),
    totalRequests: integer("total_requests").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_uq").on(t.keyHash), index("api_keys_user_idx").on(t.userId, t.workspaceId)],
);

export const apiKeyUsage = pgTable(
  "api_key_usage",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** `METHOD /route/pattern`, so ids in paths do not explode the table. */
    endpoint: text("endpoint").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.day, t.endpoint] })],
);

/**
 * Per key, per hour, per client address: requests and the ones refused (401/403 after the key was
 * recognised). Threat detection reads it (volume spikes, new addresses, denied bursts); written in
 * the same batched flush as api_key_usage.
 */
export const apiKeyActivity = pgTable(
  "api_key_activity",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    ip: text("ip").notNull(),
    requests: integer("requests").notNull().default(0),
    denied: integer("denied").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.hour, t.ip] }), index("api_key_activity_hour_idx").on(t.hour)],
);
