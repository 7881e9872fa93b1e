/** Campaign rows to the wire shape, and the defaults a new campaign starts from. */
import type { Campaign, CampaignSchedule } from "@prospector/contracts";
import type { campaigns } from "./campaigns.table.ts";

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Partial<typeof campaigns.$inferInsert>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCampaign(row: CampaignRow, totalLeads: number): Campaign {
  const first = row.steps[0];
  return {
    id: row.id,
    name: row.name,
    subject_line: first?.subject ?? "",
    body: first?.body ?? "",
    status: row.status,
    steps: row.steps,
    inbox_ids: row.inboxIds,
    schedule: row.schedule,
    starts_at: iso(row.startsAt),
    track_opens: row.trackOpens,
    track_clicks: row.trackClicks,
    stop_on_reply: row.stopOnReply,
    total_leads: totalLeads,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    launched_at: iso(row.launchedAt),
    paused_at: iso(row.pausedAt),
    stopped_at: iso(row.stoppedAt),
    completed_at: iso(row.completedAt),
  };
}

/** Weekdays, 09:00–17:00 unless the creator's settings say otherwise (outreach-core §3 defaults). */
export function defaultSchedule(prefs: {
  timezone?: string;
  default_sending_start?: string;
  default_sending_end?: string;
}): CampaignSchedule {
  let timezone = "UTC";
  try {
    if (prefs.timezone) {
      new Intl.DateTimeFormat("en-US", { timeZone: prefs.timezone });
      timezone = prefs.timezone;
    }
  } catch {}
  const start = prefs.default_sending_start ?? "09:00";
  const end = prefs.default_sending_end ?? "17:00";
  return { timezone, days: [1, 2, 3, 4, 5], ...(end > start ? { start, end } : { start: "09:00", end: "17:00" }) };
}
