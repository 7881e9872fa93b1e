/** Newsletter sign-up from the landing page: idempotent, and the answer never says whether an address was already known. */
import type { AppContext } from "../../context.ts";
import { addSubscriber } from "./newsletter.repository.ts";

export async function subscribe(ctx: Pick<AppContext, "db" | "log">, email: string): Promise<{ message: string }> {
  const added = await addSubscriber(ctx.db, email, "landing");
  if (added) ctx.log.info("newsletter: new subscriber");
  return { message: "Thanks for subscribing! You'll hear from us soon." };
}
