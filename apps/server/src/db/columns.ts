/** Column helpers shared by every table: UUIDv7 ids made in the app, timestamptz everywhere. */
import { timestamp, uuid } from "drizzle-orm/pg-core";
import { newId } from "../platform/ids.ts";

export const id = () => uuid("id").primaryKey().$defaultFn(newId);
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
/**
 * A creation time the app sets, in milliseconds: a keyset cursor carries a JavaScript date, so a
 * list paged on created_at must store no finer time than the cursor can hold (the database's
 * now() has microseconds).
 */
export const createdAtMs = () => createdAt().$defaultFn(() => new Date());
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
