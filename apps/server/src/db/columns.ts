/** Column helpers shared by every table: UUIDv7 ids made in the app, timestamptz everywhere. */
import { timestamp, uuid } from "drizzle-orm/pg-core";
import { newId } from "../platform/ids.ts";

export const id = () => uuid("id").primaryKey().$defaultFn(newId);
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
