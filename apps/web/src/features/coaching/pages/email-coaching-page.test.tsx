import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, listBody, ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import { advice, report } from "../coaching.fixtures.ts";
import EmailCoachingPage from "./email-coaching-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const path = "/email-coaching";
const base = {
  "GET /api/auth/me": { body: ME },
  "GET /api/campaigns/": { body: listBody([]) },
};

const risky = report(
  {
    score: 38,
    verdict: "risky",
    advice: [
      advice(),
      advice({
        rule: "subject_caps",
        category: "subject",
        severity: "high",
        title: "Subject in ALL CAPS",
        fix: "Write the subject in sentence case.",
        where: "subject",
        excerpts: ["FREE"],
        points: 9,
      }),
    ],
  },
  { spam_words: 8, subject: 4 },
);

describe("/email-coaching", () => {
  it("asks its question and, with nothing written, says how to get a score without asking for one", async () => {
    const s = mockServer(base);
    renderSignedIn(<EmailCoachingPage />, { path });
    expect(await screen.findByRole("heading", { name: "Will this email land and get a reply, and how do I make it better?" })).toBeTruthy();
    expect(screen.getByText(/Nothing to score yet/)).toBeTruthy();
    expect(await screen.findByText(/No campaigns yet/)).toBeTruthy();
    expect(s.to("POST", "/api/coaching/score")).toHaveLength(0);
  });

  it("scores the draft once typing pauses and shows the score, the categories and the advice with highlights", async () => {
    const s = mockServer({ ...base, "POST /api/coaching/score": { body: risky } });
    renderSignedIn(<EmailCoachingPage />, { path });
    await userEvent.type(await screen.findByLabelText("Subject"), "FREE");
    await userEvent.type(screen.getByLabelText("Body"), "Please act now");
    expect(await screen.findByTestId("coaching-score")).toHaveProperty("textContent", "38");
    // Debounced: one request for the finished text, not one per keystroke.
    await waitFor(() => expect(s.to("POST", "/api/coaching/score").at(-1)?.body).toEqual({ subject: "FREE", body: "Please act now" }));
    expect(s.to("POST", "/api/coaching/score").length).toBeLessThan(4);
    expect(screen.getByText("Risky: likely filtered")).toBeTruthy();
    expect(screen.getByRole("listitem", { name: "Spam-trigger words: 8 of 20" })).toBeTruthy();
    const list = screen.getByRole("list", { name: "Advice" });
    expect(within(list).getByText("+6 points")).toBeTruthy();
    // Every excerpt is marked where it is written; picking one advice keeps only its marks.
    const bodyView = screen.getByLabelText("Body with highlights");
    expect(within(bodyView).getByText("act now").tagName).toBe("MARK");
    expect(within(screen.getByLabelText("Subject with highlights")).getByText("FREE").tagName).toBe("MARK");
    await userEvent.click(within(list).getByText("Subject in ALL CAPS"));
    expect(within(screen.getByLabelText("Body with highlights")).queryByText("act now")).toBeNull();
    expect(screen.getByText("The selected advice")).toBeTruthy();
  });

  it("shows the server's error and keeps what was written", async () => {
    mockServer({
      ...base,
      "POST /api/coaching/score": {
        status: 422,
        body: { detail: "There is nothing to score: write a subject or a body with some text", code: "COACHING_DRAFT_EMPTY" },
      },
    });
    renderSignedIn(<EmailCoachingPage />, { path });
    await userEvent.type(await screen.findByLabelText("Body"), "{{{{ first_name }}");
    expect(await screen.findByText(/There is nothing to score/)).toBeTruthy();
    expect((screen.getByLabelText("Body") as HTMLTextAreaElement).value).toBe("{{ first_name }}");
  });

  it("loads a campaign step named in the address into the editor and scores it", async () => {
    const c = campaign({ id: uuid(901), name: "Founders" });
    const stored = report({ score: 64, verdict: "needs_work" });
    const s = mockServer({
      ...base,
      "GET /api/campaigns/": { body: listBody([c]) },
      [`GET /api/coaching/campaigns/${c.id}`]: {
        body: {
          campaign_id: c.id,
          name: "Founders",
          status: "draft",
          steps: [
            { step: 0, variant: 0, label: "Step 1", subject: "Hello", body: "Hi there", report: report() },
            { step: 0, variant: 1, label: "Step 1 · variant B", subject: "Quick idea", body: "Hi there", report: stored },
          ],
        },
      },
      "POST /api/coaching/score": { body: stored },
    });
    renderSignedIn(<EmailCoachingPage />, { path, at: `/email-coaching?campaign=${c.id}&step=0:1` });
    await waitFor(() => expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe("Quick idea"));
    expect((screen.getByLabelText("Body") as HTMLTextAreaElement).value).toBe("Hi there");
    expect(await screen.findByText("Needs work")).toBeTruthy();
    await waitFor(() => expect(s.to("POST", "/api/coaching/score").at(-1)?.body).toEqual({ subject: "Quick idea", body: "Hi there" }));
    expect((screen.getByLabelText("Load a campaign step") as HTMLInputElement).value).toBe("Founders");
  });
});
