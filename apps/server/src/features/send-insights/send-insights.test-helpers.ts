/** Shared by the send-insights tests: sends and events written as the sender and tracker would. */
import type { CampaignEventType, MessageStatus } from "@prospector/contracts";
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignMessages, localParts } from "../campaigns/index.ts";

/** The latest instant before `before` when the wall clock in `zone` shows this weekday and hour (minute 10). */
export function localInstant(zone: string, weekday: number, hour: number, before: Date): Date {
  const start = Math.floor(before.getTime() / 3_600_000) * 3_600_000;
  for (let t = start; t > start - 15 * 86_400_000; t -= 3_600_000) {
    const p = localParts(new Date(t), zone);
    if (p.weekday === weekday && p.hour === hour) return new Date(t + 10 * 60_000);
  }
  throw new Error(`no ${weekday}/${hour} in ${zone}`);
}

export interface Send {
  leadId: string | null;
  at: Date;
  status?: MessageStatus;
  events?: { type: CampaignEventType; bot?: boolean; at?: Date }[];
}

let step = 0;

/** Outbox rows (distinct steps, so one lead may have many) with their events. */
export async function seedSends(t: TestApp, user: TestUser, campaignId: string, sends: Send[]): Promise<void> {
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
          step: ++step,
          status: s.status ?? "sent",
          sentAt: s.at,
        })),
      )
      .returning({ id: campaignMessages.id });
    const events = chunk.flatMap((s, j) =>
      (s.events ?? []).map((e) => ({
        workspaceId: user.workspaceId,
        campaignId,
        leadId: s.leadId,
        messageId: rows[j]!.id,
        type: e.type,
        isBot: e.bot ?? false,
        occurredAt: e.at ?? new Date(s.at.getTime() + 30 * 60_000),
      })),
    );
    if (events.length) await db.insert(campaignEvents).values(events);
  }
}
