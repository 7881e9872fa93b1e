/** Shared by the recommendations tests: leads and delivered sends with human replies, written as the sender and tracker would. */
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";

let n = 0;

/** Leads inserted directly (hundreds at once), with the given fields. */
export async function seedLeads(
  t: TestApp,
  user: TestUser,
  count: number,
  fields: Partial<typeof leads.$inferInsert> = {},
): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    n++;
    return { workspaceId: user.workspaceId, email: `rec${n}-${Date.now()}@acme${n % 7}.test`, firstName: `R${n}`, ...fields };
  });
  const out = await t.app.ctx.db.insert(leads).values(rows).returning({ id: leads.id });
  return out.map((r) => r.id);
}

export interface Sent {
  leadId: string | null;
  at: Date;
  step?: number;
  variant?: number;
  replied?: boolean;
}

export async function seedSent(t: TestApp, user: TestUser, campaignId: string, sends: Sent[]): Promise<void> {
  const db = t.app.ctx.db;
  for (let i = 0; i < sends.length; i += 200) {
    const chunk = sends.slice(i, i + 200);
    const rows = await db
      .insert(campaignMessages)
      .values(
        chunk.map((s) => ({
          workspaceId: user.workspaceId,
          campaignId,
          leadId: s.leadId,
          step: s.step ?? 0,
          variant: s.variant ?? 0,
          status: "sent" as const,
          sentAt: s.at,
        })),
      )
      .returning({ id: campaignMessages.id });
    const events = chunk.flatMap((s, j) =>
      s.replied
        ? [
            {
              workspaceId: user.workspaceId,
              campaignId,
              leadId: s.leadId,
              messageId: rows[j]!.id,
              type: "reply" as const,
              step: s.step ?? 0,
              variant: s.variant ?? 0,
              occurredAt: new Date(s.at.getTime() + 3_600_000),
            },
          ]
        : [],
    );
    if (events.length) await db.insert(campaignEvents).values(events);
  }
}

/** The latest instant before `before` that is this UTC weekday and hour (minute 10). */
export function utcInstant(weekday: number, hour: number, before: Date): Date {
  const start = Math.floor(before.getTime() / 3_600_000) * 3_600_000;
  for (let t = start; t > start - 15 * 86_400_000; t -= 3_600_000) {
    const d = new Date(t);
    if (d.getUTCDay() === weekday && d.getUTCHours() === hour) return new Date(t + 10 * 60_000);
  }
  throw new Error("unreachable");
}
