/** Addresses left in the landing page's newsletter box. */
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "../../db/columns.ts";

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: id(),
  email: text("email").notNull().unique(),
  source: text("source").notNull().default("landing"),
  createdAt: createdAt(),
});
