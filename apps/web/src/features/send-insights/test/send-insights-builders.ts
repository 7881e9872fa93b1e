/** Builders for the send-insights page tests, typed by the contracts. */
import type {
  InsightsCache,
  MxLookupJob,
  ProviderDomain,
  ProviderFigures,
  ProviderInsights,
  RateEstimate,
  SendTimeBucket,
  SendTimeCell,
  SendTimeInsights,
  SendTimePreview,
} from "@prospector/contracts";

const est = (k: number, n: number): RateEstimate =>
  n ? { rate: k / n, low: Math.max(0, k / n - 0.05), high: Math.min(1, k / n + 0.05) } : { rate: null, low: null, high: null };

export const bucket = (sends: number, opened: number, replied: number): SendTimeBucket => ({
  sends,
  opened,
  replied,
  open: est(opened, sends),
  reply: est(replied, sends),
  enough: sends >= 20,
});

/** Insights with the given cells filled ([weekday, hour, sends, opened, replied]); everything else empty. */
export function sendTime(filled: [number, number, number, number, number][], over: Partial<SendTimeInsights> = {}): SendTimeInsights {
  const at = (w: number, h: number) => filled.find((f) => f[0] === w && f[1] === h);
  const cells: SendTimeCell[] = [];
  for (let weekday = 0; weekday < 7; weekday++)
    for (let hour = 0; hour < 24; hour++) {
      const f = at(weekday, hour);
      cells.push({ weekday, hour, ...bucket(f?.[2] ?? 0, f?.[3] ?? 0, f?.[4] ?? 0) });
    }
  const sum = (of: typeof cells) =>
    [of.reduce((n, c) => n + c.sends, 0), of.reduce((n, c) => n + c.opened, 0), of.reduce((n, c) => n + c.replied, 0)] as const;
  const hours = Array.from({ length: 24 }, (_, hour) => {
    const [s, o, r] = sum(cells.filter((c) => c.hour === hour));
    return { hour, ...bucket(s, o, r), opens_in_hour: o, replies_in_hour: r };
  });
  const weekdays = Array.from({ length: 7 }, (_, weekday) => {
    const [s, o, r] = sum(cells.filter((c) => c.weekday === weekday));
    return { weekday, ...bucket(s, o, r) };
  });
  const [sends, opened, replied] = sum(cells);
  return {
    campaign_id: null,
    from: "2026-05-28T10:00:00.000Z",
    to: "2026-11-24T10:00:00.000Z",
    days: 180,
    metric: "reply",
    block_hours: 4,
    min_sends: 20,
    totals: { sends, opened, replied, bot_opens_excluded: 7 },
    zones: {
      leads: 40,
      inferred: 31,
      fallback: 9,
      fallback_reasons: [
        { reason: "no_location", leads: 6 },
        { reason: "country_spans_zones", leads: 3 },
      ],
      sends_without_lead: 0,
      zones: [
        { zone: "Europe/Berlin", leads: 20 },
        { zone: "America/Chicago", leads: 11 },
      ],
    },
    hours,
    weekdays,
    cells,
    best: null,
    best_missing: "No weekday has 20 sends yet.",
    computed_at: "2026-11-24T10:00:00.000Z",
    cache: cacheInfo(),
    ...over,
  };
}

export const BEST = {
  metric: "reply" as const,
  days: [2, 3],
  start_hour: 10,
  end_hour: 14,
  sends: 60,
  successes: 12,
  estimate: { rate: 0.2, low: 0.118, high: 0.318 },
  baseline: 0.1,
  basis:
    "12 replies on 60 sends (20.0%, 95% interval 11.8%–31.8%) against 10.0% over all 120 sends; days Tue, Wed are those not measurably worse than the best day.",
};

export function preview(over: Partial<SendTimePreview> = {}): SendTimePreview {
  return {
    campaign: { id: "018f0000-0000-7000-8000-000000000777", name: "Autumn push", status: "draft" },
    editable: true,
    not_editable_reason: null,
    current: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    proposed: { timezone: "Europe/Berlin", days: [2, 3], start: "10:00", end: "14:00" },
    changes: [
      { field: "timezone", from: "UTC", to: "Europe/Berlin" },
      { field: "days", from: "Mon, Tue, Wed, Thu, Fri", to: "Tue, Wed" },
      { field: "start", from: "09:00", to: "10:00" },
      { field: "end", from: "17:00", to: "14:00" },
    ],
    best: BEST,
    campaign_zones: [{ zone: "Europe/Berlin", leads: 8 }],
    zone_share: 0.8,
    note: "A campaign sends in one time zone: 8 of its 10 leads are in Europe/Berlin; the others get mail at these hours of Europe/Berlin.",
    ...over,
  };
}

export function figures(provider: ProviderFigures["provider"], label: string, over: Partial<ProviderFigures> = {}): ProviderFigures {
  return {
    provider,
    label,
    leads: 0,
    domains: 0,
    sent: 0,
    delivered: 0,
    opened: 0,
    clicked: 0,
    replied: 0,
    bounced: 0,
    open_rate: null,
    click_rate: null,
    reply_rate: null,
    bounce_rate: null,
    reply: { rate: null, low: null, high: null },
    ...over,
  };
}

export function providers(list: ProviderFigures[], over: Partial<ProviderInsights> = {}): ProviderInsights {
  const {
    provider: _p,
    label: _l,
    ...totals
  } = figures("unknown", "", {
    leads: list.reduce((n, p) => n + p.leads, 0),
    domains: list.reduce((n, p) => n + p.domains, 0),
    sent: list.reduce((n, p) => n + p.sent, 0),
  });
  return {
    from: "2026-08-26T10:00:00.000Z",
    to: "2026-11-24T10:00:00.000Z",
    days: 90,
    campaign_id: null,
    providers: list,
    totals,
    lookups: { domains: 12, classified: 8, pending: 3, unresolved: 1, last_checked_at: "2026-11-23T08:00:00.000Z" },
    computed_at: "2026-11-24T10:00:00.000Z",
    cache: cacheInfo(),
    ...over,
  };
}

export function domain(name: string, over: Partial<ProviderDomain> = {}): ProviderDomain {
  return {
    domain: name,
    provider: "gmail",
    status: "mx",
    mx_hosts: ["aspmx.l.google.com"],
    error: null,
    checked_at: "2026-11-23T08:00:00.000Z",
    leads: 1,
    ...over,
  };
}

export function job(over: Partial<MxLookupJob> = {}): MxLookupJob {
  return {
    id: "018f0000-0000-7000-8000-000000000888",
    status: "queued",
    total: 0,
    processed: 0,
    classified: 0,
    unresolved: 0,
    progress: 0,
    error: null,
    created_at: "2026-11-24T10:00:00.000Z",
    started_at: null,
    finished_at: null,
    ...over,
  };
}

/** Where an answer came from (stored, computed at 10:00, no refresh under way), as the server says. */
export function cacheInfo(over: Partial<InsightsCache> = {}): InsightsCache {
  return {
    computed_at: "2026-11-24T10:00:00.000Z",
    duration_ms: 1200,
    fresh: false,
    stale: false,
    refresh: { status: "idle", progress: 100, step: null, error: null, requested_at: null },
    ...over,
  };
}
