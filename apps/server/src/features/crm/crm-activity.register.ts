/** Hook subscriptions and jobs of the activity side: replies and sends as interactions, task reminders. */
import type { AppContext } from "../../context.ts";

export function registerCrmActivity(_ctx: AppContext): void {}
