/** Builders for /ai-agents page tests: bodies shaped like the server's (the mock server checks them against the contracts). */
import type { AiAgentProposal, AiAgentRun, AiAgentRunDetail, AiAgentSetting, AiAgentSettings } from "@prospector/contracts";

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;

export function setting(over: Partial<AiAgentSetting> = {}): AiAgentSetting {
  return {
    kind: "research_lead",
    enabled: true,
    autopilot: false,
    budget: { tokens: 4000, pages: 5, seconds: 90 },
    schedule_hours: null,
    subject_type: "lead",
    ...over,
  };
}

export function settings(llm = false): AiAgentSettings {
  return {
    llm,
    agents: [
      setting(),
      setting({ kind: "draft_reply", subject_type: "reply", budget: { tokens: 2000, pages: 0, seconds: 60 } }),
      setting({ kind: "classify_replies", subject_type: "workspace", budget: { tokens: 8000, pages: 0, seconds: 120 } }),
      setting({ kind: "next_step_deal", subject_type: "deal", budget: { tokens: 2000, pages: 0, seconds: 60 } }),
    ],
  };
}

export function run(over: Partial<AiAgentRun> = {}): AiAgentRun {
  return {
    id: uuid(),
    kind: "research_lead",
    status: "done",
    subject_type: "lead",
    subject_id: uuid(),
    subject_label: "Dana Scully",
    engine: "builtin",
    budget: { tokens: 4000, pages: 5, seconds: 90 },
    usage: { tokens: 0, pages: 2, seconds: 1.2 },
    progress: 100,
    stage: "Done",
    error: null,
    pending_proposals: 0,
    created_by: null,
    created_at: "2026-11-20T10:00:00.000Z",
    started_at: "2026-11-20T10:00:01.000Z",
    finished_at: "2026-11-20T10:00:03.000Z",
    ...over,
  };
}

export function proposal(over: Partial<AiAgentProposal> = {}): AiAgentProposal {
  return {
    id: uuid(),
    run_id: uuid(),
    payload: { type: "lead_fields", lead_id: uuid(), fields: { pain_point: "Manual spreadsheets slow the team down" } },
    explanation: 'pain point from the words "spreadsheets"',
    status: "pending",
    previous: null,
    result: null,
    decided_by: null,
    decided_at: null,
    autopilot: false,
    ...over,
  };
}

export function detail(r: AiAgentRun, proposals: AiAgentProposal[], over: Partial<AiAgentRunDetail> = {}): AiAgentRunDetail {
  return {
    ...r,
    pending_proposals: proposals.filter((p) => p.status === "pending").length,
    steps: [
      {
        seq: 1,
        kind: "fetch",
        text: "Read 2 page(s) of http://acme.test",
        data: null,
        tokens: 0,
        duration_ms: 120,
        created_at: r.created_at,
      },
      {
        seq: 2,
        kind: "info",
        text: "Built-in engine: insight from the site's description",
        data: null,
        tokens: 0,
        duration_ms: 0,
        created_at: r.created_at,
      },
    ],
    proposals,
    action_ids: [uuid()],
    ...over,
  };
}
