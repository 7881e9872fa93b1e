/**
 * The chart gallery's engine queries, each described in words on its card. Every chart of the
 * design system draws one of these answers, so the gallery shows real data shapes: dense daily
 * series, sparse weeks, a handful of campaigns, many or few lead sources.
 */
import type { ReportQuery, ReportResult } from "@prospector/contracts";

export const galleryQueries = (from: string, to: string) =>
  ({
    daily: {
      metrics: ["sent", "delivered", "opened", "replied", "meetings", "clicked", "reply_rate"],
      dimensions: ["day"],
      from,
      to,
      limit: 1000,
    },
    weekday: { metrics: ["sent"], dimensions: ["weekday"], from, to },
    weekly: { metrics: ["sent", "delivered", "bounced"], dimensions: ["week"], from, to },
    campaigns: { metrics: ["sent", "delivered", "replied", "reply_rate"], dimensions: ["campaign"], from, to, sort: "sent", limit: 10 },
    leadsDaily: { metrics: ["leads_created"], dimensions: ["day"], from, to, limit: 1000 },
    leadSources: { metrics: ["leads_created"], dimensions: ["lead_source"], from, to },
    grid: { metrics: ["delivered", "reply_rate"], dimensions: ["week", "weekday"], from, to, limit: 1000 },
  }) satisfies Record<string, ReportQuery>;

export type GalleryKey = keyof ReturnType<typeof galleryQueries>;

/** How each query reads, for its card's subheader. */
export const QUERY_WORDS: Record<GalleryKey, string> = {
  daily: "sent, delivered, opened, clicked, replied, meetings and reply rate by day",
  weekday: "sent by weekday",
  weekly: "sent, delivered and bounced by week",
  campaigns: "sent, replied and reply rate by campaign, the 10 with most sends",
  leadsDaily: "leads created by day",
  leadSources: "leads created by lead source",
  grid: "delivered and reply rate by week × weekday",
};

export const val = (row: ReportResult["rows"][number] | undefined, m: string) => row?.values[m]?.value ?? 0;

/** The label of a row's dimension, else its key. */
export const lab = (row: ReportResult["rows"][number], d: string) => row.labels[d] ?? row.keys[d] ?? "—";
