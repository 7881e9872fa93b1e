/** Answers of the recommendations API for the page tests (parsed by the kit with the server's contract). */
import type { Playbooks, Recommendation, RecommendationApplication, RecommendationRun } from "@prospector/contracts";

const est = (replies: number, sends: number, low: number, high: number) => ({ rate: sends ? replies / sends : null, low, high });

export function playbooks(over: Partial<Playbooks> = {}): Playbooks {
  return {
    from: "2026-08-27T00:00:00.000Z",
    to: "2026-11-25T00:00:00.000Z",
    days: 90,
    min_sends: 30,
    totals: { sends: 210, replies: 32, estimate: est(32, 210, 0.11, 0.21) },
    templates: [
      {
        hash: "aaaaaaaaaaaaaaaa",
        subject: "Idea for you",
        opening: "Hi B",
        campaigns: 2,
        sends: 110,
        replies: 27,
        estimate: est(27, 110, 0.175, 0.33),
        enough: true,
      },
      {
        hash: "bbbbbbbbbbbbbbbb",
        subject: "Quick question",
        opening: "Hi A",
        campaigns: 1,
        sends: 100,
        replies: 5,
        estimate: est(5, 100, 0.022, 0.11),
        enough: true,
      },
      {
        hash: "cccccccccccccccc",
        subject: "Tiny test",
        opening: "Hey",
        campaigns: 1,
        sends: 4,
        replies: 3,
        estimate: est(3, 4, 0.3, 0.95),
        enough: false,
      },
    ],
    send_times: [
      { weekday: 2, start_hour: 9, end_hour: 12, sends: 70, replies: 32, estimate: est(32, 70, 0.34, 0.57), enough: true },
      { weekday: 2, start_hour: 18, end_hour: 21, sends: 140, replies: 0, estimate: est(0, 140, 0, 0.027), enough: true },
    ],
    send_time_basis: "Recipient's local time: the zone was inferred for 0 of 210 leads",
    segments: [
      { dimension: "industry", value: "software", sends: 160, replies: 32, estimate: est(32, 160, 0.145, 0.27), enough: true },
      { dimension: "industry", value: "mining", sends: 50, replies: 0, estimate: est(0, 50, 0, 0.071), enough: true },
      { dimension: "provider", value: "google", sends: 12, replies: 2, estimate: est(2, 12, 0.047, 0.45), enough: false },
    ],
    source: "Delivered campaign emails (campaign outbox, status sent) and the human replies to them",
    ...over,
  };
}

export function recommendation(over: Partial<Recommendation> = {}): Recommendation {
  return {
    id: "0190aaaa-0000-8000-8000-000000000001",
    kind: "ab_winner",
    status: "open",
    title: 'Declare variant B the winner of step 1 in "Alpha"',
    rationale: "Variant B replies at 25.0 %, the other variants at 5.0 %; the difference is significant.",
    target: { type: "campaign_step", campaign_id: "0190aaaa-0000-7000-8000-0000000000c1", campaign_name: "Alpha", step: 1 },
    evidence: {
      figures: [
        { label: "Variant A (Quick question)", sends: 100, replies: 5, estimate: est(5, 100, 0.022, 0.112) },
        { label: "Variant B (Idea for you)", sends: 100, replies: 25, estimate: est(25, 100, 0.176, 0.343) },
      ],
      test: { name: "Two-proportion z-test, winner against variant A", z: 3.9, p_value: 0.0001 },
      source: "A/B test of the step: delivered sends and human replies per variant (sending feature).",
    },
    expected: { replies_per_month: 8, low: 2.3, high: 14.1, basis: "At the step's last 30 days' volume (40 sends)." },
    action: { description: "Declares variant B the winner: all further sends of step 1 go to it.", permission: "campaigns:update" },
    generated_at: "2026-11-24T06:00:00.000Z",
    expires_at: "2026-12-01T06:00:00.000Z",
    snoozed_until: null,
    application: null,
    ...over,
  };
}

export function application(over: Partial<RecommendationApplication> = {}): RecommendationApplication {
  return {
    id: "0190aaaa-0000-7000-8000-0000000000a1",
    recommendation_id: "0190aaaa-0000-8000-8000-000000000002",
    kind: "send_window",
    title: 'Send "Beta" on Tue 09:00–13:00',
    target: { type: "campaign", campaign_id: "0190aaaa-0000-7000-8000-0000000000c2", campaign_name: "Beta", step: null },
    applied_at: "2026-11-01T10:00:00.000Z",
    applied_by: null,
    baseline: {
      sends: 200,
      replies: 30,
      estimate: est(30, 200, 0.107, 0.207),
      from: "2026-10-02T10:00:00.000Z",
      to: "2026-11-01T10:00:00.000Z",
    },
    evaluate_after: "2026-11-15T10:00:00.000Z",
    min_sends: 100,
    outcome: {
      verdict: "helped",
      after: {
        sends: 120,
        replies: 60,
        estimate: est(60, 120, 0.41, 0.59),
        from: "2026-11-01T10:00:00.000Z",
        to: "2026-11-20T10:00:00.000Z",
      },
      test: { name: "Two-proportion z-test", z: 6.5, p_value: 0 },
      note: "120 sends since applying replied at 50.0 % against 15.0 % in the 30 days before.",
      evaluated_at: "2026-11-20T10:00:00.000Z",
    },
    ...over,
  };
}

export function run(over: Partial<RecommendationRun> = {}): RecommendationRun {
  return {
    id: "0190aaaa-0000-7000-8000-0000000000f1",
    status: "done",
    progress: 100,
    step: null,
    created: 3,
    refreshed: 1,
    expired: 0,
    evaluated: 1,
    error: null,
    started_at: "2026-11-24T06:00:00.000Z",
    finished_at: "2026-11-24T06:00:05.000Z",
    ...over,
  };
}
