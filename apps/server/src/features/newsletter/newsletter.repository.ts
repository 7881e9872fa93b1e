/** Drizzle calls for newsletter subscribers. */
import type { Db } from "../../db/client.ts";
import { newsletterSubscribers } from "./newsletter.table.ts";

/** Returns true when the address is new; an address already on the list is left as it is. */
export async function addSubscriber(db: Db, email: string, source: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email, source })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
