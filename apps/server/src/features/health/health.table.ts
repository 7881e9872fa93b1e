/**
 * The instance's sampled history (docs/operations.md): one row a minute, written by the sampling
 * job and kept 30 days; /system-health/* and /system-monitor chart it. The sample's shape is the
 * contract's SystemSample.
 */
import type { SystemSample } from "@prospector/contracts";
import { jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";

export const systemSamples = pgTable("system_samples", {
  takenAt: timestamp("taken_at", { withTimezone: true, mode: "date" }).primaryKey(),
  sample: jsonb("sample").$type<SystemSample>().notNull(),
});
