import type { NurtureEnrollment, NurtureSequence } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import NurtureOrchestrationPage from "./nurture-orchestration-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const NOW = new Date().toISOString();
const drip = campaign({ name: "Nurture drip" });
const cold = campaign({ name: "Cold Q1" });
const sequence = (over: Partial<NurtureSequence> = {}): NurtureSequence => ({
  id: uuid(),
  name: "Warm openers",
  campaign_id: drip.id,
  campaign_name: "Nurture drip",
  campaign_status: "active",
  enabled: true,
  entry: {
    trigger: { type: "email_opened", campaign_id: cold.id, min_opens: 3, within_days: 7, without_reply: true, tag: null },
    conditions: [],
  },
  exits: [
    { type: "replied", days: null, status: null },
    { type: "after_days", days: 14, status: null },
  ],
  entered: 12,
  active: 7,
  exited: 5,
  exit_reasons: { Replied: 3, "14 days passed": 2 },
  created_at: NOW,
  updated_at: NOW,
  ...over,
});
const enrolment = (over: Partial<NurtureEnrollment> = {}): NurtureEnrollment => ({
  id: uuid(),
  sequence_id: uuid(),
  sequence_name: "Warm openers",
  lead_id: uuid(),
  lead_name: "Ana Lima",
  lead_email: "ana@acme.test",
  status: "exited",
  entered_at: NOW,
  entry_reason: "Email opened: 3 human opens within 7 days, no reply",
  exited_at: NOW,
  exit_reason: "Replied",
  ...over,
});
const page = <T,>(key: string, items: T[]) => ({ body: { [key]: items, total: items.length, page: 1, per_page: 20 } });
const campaigns = { body: { campaigns: [drip, cold], total: 2, page: 1, per_page: 100, total_pages: 1 } };

describe("/nurture-orchestration", () => {
  it("asks its question and says how to start when there is no sequence", async () => {
    mockServer({
      "GET /api/nurture/sequences": page("sequences", []),
      "GET /api/nurture/enrollments": page("enrollments", []),
      "GET /api/campaigns/": campaigns,
    });
    renderSignedIn(<NurtureOrchestrationPage />, { path: "/nurture-orchestration" });
    expect(
      screen.getByRole("heading", { name: "Which leads are in which nurture sequence, and why did they enter or leave?" }),
    ).toBeTruthy();
    expect(await screen.findByText("No nurture sequence yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Draft a campaign first" }).getAttribute("href")).toBe("/campaigns/new");
    expect(await screen.findByText("No lead has entered a sequence yet")).toBeTruthy();
  });

  it("shows each sequence's counts and exit reasons, and a lead's history on a click", async () => {
    const user = userEvent.setup();
    const s = sequence();
    const ana = enrolment({ sequence_id: s.id });
    const api = mockServer({
      "GET /api/nurture/sequences": page("sequences", [s]),
      "GET /api/nurture/enrollments": page("enrollments", [ana]),
      "GET /api/campaigns/": campaigns,
    });
    renderSignedIn(<NurtureOrchestrationPage />, { path: "/nurture-orchestration" });
    const card = await screen.findByRole("region", { name: "Sequence Warm openers" });
    expect(within(card).getByText("Enters: Opened 3× within 7 days without a reply · Cold Q1")).toBeTruthy();
    expect(within(card).getByText("Leaves: replied, after 14 days")).toBeTruthy();
    expect(within(card).getByText("12")).toBeTruthy();
    expect(within(card).getByText("Replied: 3")).toBeTruthy();
    expect(within(card).getByText("14 days passed: 2")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Sequence enrolments" });
    expect(within(table).getByText("Email opened: 3 human opens within 7 days, no reply")).toBeTruthy();
    await user.click(within(table).getByRole("button", { name: "History of Ana Lima" }));
    await waitFor(() => expect(api.to("GET", "/api/nurture/enrollments").at(-1)!.query.get("lead_id")).toBe(ana.lead_id));
    expect(screen.getByRole("heading", { name: "History of Ana Lima" })).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "Show its leads" }));
    await waitFor(() => expect(api.to("GET", "/api/nurture/enrollments").at(-1)!.query.get("sequence_id")).toBe(s.id));
  });

  it("creates a sequence from a campaign, an entry rule and exits, and shows a refusal on the field", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const api = mockServer({
      "GET /api/nurture/sequences": page("sequences", []),
      "GET /api/nurture/enrollments": page("enrollments", []),
      "GET /api/campaigns/": campaigns,
      "POST /api/nurture/sequences": () =>
        ++attempt === 1
          ? {
              status: 409,
              body: {
                detail: 'The sequence "Old" already runs on this campaign',
                code: "NURTURE_CAMPAIGN_TAKEN",
                errors: [{ field: "campaign_id", message: 'Already used by the sequence "Old"' }],
              },
            }
          : { status: 201, body: sequence({ name: "Openers" }) },
    });
    renderSignedIn(<NurtureOrchestrationPage />, { path: "/nurture-orchestration" });
    await user.click(await screen.findByRole("button", { name: "New sequence" }));
    const dialog = await screen.findByRole("dialog", { name: "New nurture sequence" });
    await user.type(within(dialog).getByLabelText("Name"), "Openers");
    await user.click(within(dialog).getByRole("combobox", { name: "Campaign that emails the sequence" }));
    await user.click(await screen.findByRole("option", { name: "Nurture drip" }));
    await user.click(within(dialog).getByRole("combobox", { name: "In campaign" }));
    await user.click(await screen.findByRole("option", { name: "Cold Q1" }));
    await user.click(within(dialog).getByRole("button", { name: "Create sequence" }));
    expect(await within(dialog).findByText('Already used by the sequence "Old"')).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Create sequence" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New nurture sequence" })).toBeNull());
    expect(api.to("POST", "/api/nurture/sequences")[1]!.body).toMatchObject({
      name: "Openers",
      campaign_id: drip.id,
      entry: { trigger: { type: "email_opened", campaign_id: cold.id, min_opens: 3 }, conditions: [] },
      exits: [{ type: "replied" }, { type: "meeting_booked" }],
    });
  });
});
