import type { AutomationRule, AutomationRun } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, lead, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import AutomationPage from "./automation-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const NOW = new Date().toISOString();
const cold = campaign({ name: "Cold Q1" });
const rule = (over: Partial<AutomationRule> = {}): AutomationRule => ({
  id: uuid(),
  name: "Reply → task",
  enabled: true,
  trigger: { type: "reply_received", campaign_id: null, min_opens: 1, within_days: 7, without_reply: true, tag: null },
  conditions: [],
  actions: [{ type: "create_task", title: "Call {{first_name}}", due_in_days: 1, assignee_id: null }],
  created_by: uuid(),
  created_at: NOW,
  updated_at: NOW,
  last_run_at: null,
  runs: 0,
  failures: 0,
  ...over,
});
const run = (over: Partial<AutomationRun> = {}): AutomationRun => ({
  id: uuid(),
  rule_id: uuid(),
  rule_name: "Reply → task",
  sequence_id: null,
  sequence_name: null,
  trigger_type: "reply_received",
  trigger_ref: "<m@acme.test>",
  lead_id: uuid(),
  lead_name: "Ana Lima",
  lead_email: "ana@acme.test",
  campaign_id: null,
  status: "succeeded",
  actions: [{ type: "create_task", ok: true, detail: 'Task "Call Ana" created' }],
  error: null,
  duration_ms: 12,
  depth: 0,
  created_at: NOW,
  ...over,
});
const list = <T,>(key: string, items: T[], total = items.length) => ({ body: { [key]: items, total, page: 1, per_page: 20 } });
const base = (rules: AutomationRule[], runs: AutomationRun[] = [], runsTotal = runs.length) => ({
  "GET /api/automation/rules": list("rules", rules),
  "GET /api/automation/runs": list("runs", runs, runsTotal),
  "GET /api/nurture/sequences": list("sequences", []),
  "GET /api/campaigns/": { body: { campaigns: [cold], total: 1, page: 1, per_page: 100, total_pages: 1 } },
});

describe("/automation", () => {
  it("asks its question and says how to start when there is no rule and no run", async () => {
    mockServer(base([]));
    renderSignedIn(<AutomationPage />, { path: "/automation" });
    expect(screen.getByRole("heading", { name: "What happens on its own when leads reply, open or click, and did it run?" })).toBeTruthy();
    expect(await screen.findByText("No automation rule yet")).toBeTruthy();
    expect(await screen.findByText("No run yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create the first rule" })).toBeTruthy();
  });

  it("builds a rule (trigger, condition, actions), shows a refused loop with its cycle and keeps what was typed", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const api = mockServer({
      ...base([rule()]),
      "POST /api/automation/rules": (req) => {
        attempt++;
        if (attempt === 1)
          return {
            status: 409,
            body: {
              detail:
                'This would loop: rule "Hot" → rule "Hot". Change the trigger or the actions, or add a condition that breaks the cycle.',
              code: "AUTOMATION_RULE_LOOPS",
              errors: [{ field: "actions", message: 'Loop: rule "Hot" → rule "Hot"' }],
            },
          };
        return { status: 201, body: rule({ name: (req.body as { name: string }).name }) };
      },
    });
    renderSignedIn(<AutomationPage />, { path: "/automation" });
    expect(await screen.findByText("Reply → task")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New rule" }));
    const dialog = await screen.findByRole("dialog", { name: "New automation rule" });
    await user.type(within(dialog).getByLabelText("Name"), "Hot");
    await user.click(within(dialog).getByRole("combobox", { name: "When" }));
    await user.click(await screen.findByRole("option", { name: "Email opened (human, N times)" }));
    await user.click(within(dialog).getByRole("button", { name: "Add condition" }));
    const cond = within(dialog).getByRole("group", { name: "Condition 1" });
    await user.click(within(cond).getByRole("combobox", { name: "Field" }));
    await user.click(await screen.findByRole("option", { name: "Company" }));
    await user.type(within(cond).getByLabelText("Value"), "Acme");
    await user.click(within(dialog).getByRole("button", { name: "Add action" }));
    await user.click(within(dialog).getByRole("button", { name: "Create rule" }));
    expect(await within(dialog).findByText(/This would loop: rule "Hot" → rule "Hot"/)).toBeTruthy();
    expect((within(dialog).getByLabelText("Name") as HTMLInputElement).value).toBe("Hot");
    await user.click(within(dialog).getByRole("button", { name: "Create rule" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New automation rule" })).toBeNull());
    const sent = api.to("POST", "/api/automation/rules")[1]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: "Hot",
      trigger: { type: "email_opened", min_opens: 3, within_days: 7, without_reply: true, campaign_id: null },
      conditions: [{ field: "company", op: "is", value: "Acme" }],
      actions: [
        { type: "create_task", title: "Follow up with {{first_name}}", due_in_days: 1 },
        { type: "notify", target: "user" },
      ],
    });
  });

  it("shows each run with what its actions did, filters and pages the log", async () => {
    const user = userEvent.setup();
    const r = rule({ runs: 25, failures: 1, last_run_at: NOW });
    const api = mockServer({
      ...base(
        [r],
        [
          run(),
          run({ status: "partial", actions: [{ type: "add_to_campaign", ok: false, detail: 'Not added to "Cold Q1": Unsubscribed' }] }),
        ],
        45,
      ),
    });
    renderSignedIn(<AutomationPage />, { path: "/automation" });
    const log = await screen.findByRole("table", { name: "Automation runs" });
    expect(await within(log).findByText('Create a CRM task: Task "Call Ana" created')).toBeTruthy();
    expect(within(log).getByText('Add to campaign: Not added to "Cold Q1": Unsubscribed')).toBeTruthy();
    expect(within(log).getByText("partly failed")).toBeTruthy();
    expect(screen.getByText("1 failed")).toBeTruthy();
    const logRegion = screen.getByRole("region", { name: "Run log" });
    await user.click(within(logRegion).getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(api.to("GET", "/api/automation/runs").some((c) => c.query.get("page") === "2")).toBe(true));
    await user.click(within(logRegion).getByRole("combobox", { name: "Result" }));
    await user.click(await screen.findByRole("option", { name: "Failed" }));
    await waitFor(() => expect(api.to("GET", "/api/automation/runs").at(-1)!.query.get("status")).toBe("failed"));
    expect(api.to("GET", "/api/automation/runs").at(-1)!.query.get("page")).toBe("1");
  });

  it("dry-runs a rule on a lead and shows the trigger, each condition and the actions", async () => {
    const user = userEvent.setup();
    const r = rule({ conditions: [{ field: "score", op: "gte", value: "50" }] });
    const ana = lead({ first_name: "Ana", last_name: "Lima", email: "ana@acme.test" });
    mockServer({
      ...base([r]),
      "GET /api/leads/": { body: [ana], headers: { "x-total-count": "1" } },
      [`POST /api/automation/rules/${r.id}/dry-run`]: {
        body: {
          would_run: false,
          trigger: { passed: true, note: 'When "Reply received" happens for this lead' },
          conditions: [{ condition: { field: "score", op: "gte", value: "50" }, passed: false, actual: "(no score)" }],
          actions: [{ type: "create_task", description: 'Create the task "Call Ana", due in 1 day' }],
          already_ran: false,
        },
      },
    });
    renderSignedIn(<AutomationPage />, { path: "/automation" });
    await user.click(await screen.findByRole("button", { name: "Actions for Reply → task" }));
    await user.click(await screen.findByRole("menuitem", { name: "Dry run on a lead" }));
    const dialog = await screen.findByRole("dialog", { name: "Dry run: Reply → task" });
    await user.click(within(dialog).getByRole("combobox", { name: "Lead" }));
    await user.click(await screen.findByRole("option", { name: "Ana Lima · ana@acme.test" }));
    await user.click(within(dialog).getByRole("button", { name: "Try it" }));
    const result = await within(dialog).findByRole("region", { name: "Dry run result" });
    expect(within(result).getByText("The rule would not run for this lead now.")).toBeTruthy();
    expect(within(result).getByText("Lead score at least 50")).toBeTruthy();
    expect(within(result).getByText("The lead: (no score)")).toBeTruthy();
    expect(within(result).getByText('Create the task "Call Ana", due in 1 day')).toBeTruthy();
  });
});
