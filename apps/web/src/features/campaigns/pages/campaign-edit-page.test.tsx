import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import CampaignEditPage from "./campaign-edit-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const draft = campaign({ id: uuid(301), name: "Founders", status: "draft" });
const path = "/campaigns/:id/edit";

describe("campaign wizard", () => {
  it("a new campaign needs a name and subject line, then creates a draft and moves to the sequence", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/campaigns/": (req) => ({ status: 201, body: campaign({ id: uuid(302), ...(req.body as object) }) }),
      [`GET /api/campaigns/${uuid(302)}`]: { body: campaign({ id: uuid(302), name: "Founders", subject_line: "Hello" }) },
    });
    renderSignedIn(<CampaignEditPage />, { path, at: "/campaigns/new/edit" });
    await userEvent.click(await screen.findByRole("button", { name: "Create draft" }));
    expect(screen.getAllByText("Campaign name and subject line are required")).toHaveLength(2);
    expect(s.to("POST", "/api/campaigns/")).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/Campaign name/), "Founders");
    await userEvent.type(screen.getByLabelText(/Subject line/), "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Create draft" }));
    // The draft exists now: the wizard reopens on it at the sequence step.
    expect(await screen.findByRole("group", { name: "Step 1" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Edit “Founders”" })).toBeTruthy();
    expect(s.to("POST", "/api/campaigns/")[0]!.body).toMatchObject({ name: "Founders", subject_line: "Hello" });
  });

  it("keeps the user on the sequence until every step has a subject and body, then saves it and moves on", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET /api/campaigns/${draft.id}`]: { body: { ...draft, steps: [{ delay_days: 0, subject: "Hello", body: "", variants: [] }] } },
      [`PUT /api/campaigns/${draft.id}`]: (req) => ({ body: { ...draft, ...(req.body as object) } }),
      [`GET /api/campaigns/${draft.id}/leads`]: {
        body: {
          leads: [],
          total: 0,
          page: 1,
          per_page: 100,
          total_pages: 0,
          states: { queued: 0, in_progress: 0, replied: 0, bounced: 0, unsubscribed: 0, completed: 0, stopped: 0 },
        },
      },
      [`GET /api/campaigns/${draft.id}/preview`]: {
        body: { lead_id: null, step: 1, variant: 0, subject: "Hello", body: "<p>Hi there</p>", text: "Hi there" },
      },
    });
    renderSignedIn(<CampaignEditPage />, { path, at: `/campaigns/${draft.id}/edit?step=sequence` });
    const step1 = await screen.findByRole("group", { name: "Step 1" });
    await userEvent.click(screen.getByRole("button", { name: "Add follow-up step" }));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Step 1 needs a body")).toBeTruthy();
    expect(screen.getByText("Step 2 needs a subject")).toBeTruthy();
    expect(s.to("PUT", `/api/campaigns/${draft.id}`)).toHaveLength(0);

    await userEvent.type(within(step1).getByLabelText("Body"), "Hi there");
    const step2 = screen.getByRole("group", { name: "Step 2" });
    await userEvent.type(within(step2).getByLabelText("Subject"), "Following up");
    await userEvent.type(within(step2).getByLabelText("Body"), "Any thoughts?");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));

    await screen.findByRole("region", { name: "Preview" });
    const put = s.to("PUT", `/api/campaigns/${draft.id}`)[0]!.body as {
      steps: Array<{ subject: string; body: string; delay_days: number }>;
    };
    expect(put.steps.map((x) => [x.subject, x.body, x.delay_days])).toEqual([
      ["Hello", "Hi there", 0],
      ["Following up", "Any thoughts?", 3],
    ]);
    expect(await screen.findByText("Hi there")).toBeTruthy();
  });

  it("refuses a sending window whose end is not after its start or that has no day", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET /api/campaigns/${draft.id}`]: { body: draft },
    });
    renderSignedIn(<CampaignEditPage />, { path, at: `/campaigns/${draft.id}/edit?step=schedule` });
    const until = await screen.findByLabelText("Until");
    await userEvent.clear(until);
    await userEvent.type(until, "08:00");
    const days = screen.getByRole("group", { name: "Sending days" });
    for (const d of ["Mon", "Tue", "Wed", "Thu", "Fri"]) await userEvent.click(within(days).getByText(d));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Sending end time must be after the start time")).toBeTruthy();
    expect(screen.getByText("Pick at least one sending day")).toBeTruthy();
    expect(s.to("PUT", `/api/campaigns/${draft.id}`)).toHaveLength(0);
  });

  it("goes back without validating and shows the review's blockers apart from warnings", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET /api/campaigns/${draft.id}`]: { body: draft },
      [`GET /api/campaigns/${draft.id}/validate-launch`]: {
        body: {
          can_launch: false,
          blockers: [{ code: "no_leads", message: "Add at least one lead that can be emailed" }],
          warnings: [{ code: "no_unsubscribe_link", message: "No unsubscribe link: a footer is added" }],
          launch_status: null,
          estimate: { messages: 0, daily_capacity: 0, sending_days: 0, finish_at: null },
          plan: { plan: "free", emails_per_month: 500, emails_sent_this_month: 0 },
        },
      },
    });
    renderSignedIn(<CampaignEditPage />, { path, at: `/campaigns/${draft.id}/edit?step=review` });
    const blockers = await screen.findByRole("list", { name: "Blockers" });
    expect(within(blockers).getByText("Add at least one lead that can be emailed")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Warnings" })).getByText("No unsubscribe link: a footer is added")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Launch campaign" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("region", { name: "Schedule" })).toBeTruthy();
  });
});
