import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { application, recommendation, run } from "../test/builders.ts";
import RecommendationsPage from "./recommendations-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const QUESTION = "What should we change next, and did the changes we made help?";
const page = (items: unknown[]) => ({ body: { items, next_cursor: null } });

describe("/smart-recommendations", () => {
  it("shows each recommendation's evidence, test and expected effect, and Apply really calls the server", async () => {
    const rec = recommendation();
    let applied = false;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/recommendations": (req) => page(req.query.get("status") === "open" && !applied ? [rec] : []),
      "GET /api/recommendations/applications": page([application()]),
      "GET /api/recommendations/runs/latest": { body: run() },
      [`POST /api/recommendations/${rec.id}/apply`]: () => {
        applied = true;
        return { body: { ...rec, status: "applied" } };
      },
    });
    renderSignedIn(<RecommendationsPage variant="smart" />, { path: "/smart-recommendations" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    const card = await screen.findByRole("article", { name: rec.title });
    const evidence = within(card).getByRole("table", { name: `Evidence: ${rec.title}` });
    expect(within(evidence).getByText("25% (18%–34%)")).toBeTruthy();
    expect(within(evidence).getByText("25 / 100")).toBeTruthy();
    expect(within(card).getByText(/Two-proportion z-test, winner against variant A: p = 0.0001/)).toBeTruthy();
    expect(within(card).getByText(/\+8 replies a month \(range \+2.3 to \+14.1\)/)).toBeTruthy();
    expect(within(card).getByText(/Source: A\/B test of the step/)).toBeTruthy();
    expect(screen.getByText(/3 new, 1 still valid, 0 expired, 1 changes judged/)).toBeTruthy();

    const applied_ = screen.getByRole("table", { name: "Applied recommendations" });
    expect(within(applied_).getByText("Helped")).toBeTruthy();
    expect(within(applied_).getByText(/200 · 15% \(95% interval 11%–21%\)/)).toBeTruthy();

    await userEvent.click(within(card).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(s.to("POST", `/api/recommendations/${rec.id}/apply`)).toHaveLength(1));
    expect(await screen.findByText("Nothing to change right now")).toBeTruthy();
  });

  it("lets a reader see the advice but not apply, snooze or dismiss it", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ permissions: ["analytics:read", "campaigns:read"], role: "viewer" }) },
      "GET /api/recommendations": page([recommendation()]),
      "GET /api/recommendations/applications": page([]),
      "GET /api/recommendations/runs/latest": { body: null },
    });
    renderSignedIn(<RecommendationsPage variant="smart" />, { path: "/smart-recommendations" });
    const apply = await screen.findByRole("button", { name: "Apply" });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect(apply.getAttribute("title")).toBe("Applying needs campaigns:update");
    expect((screen.getByRole("button", { name: "Dismiss" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Not generated yet/)).toBeTruthy();
    expect(screen.getByText(/Nothing applied yet/)).toBeTruthy();
  });

  it("generates on demand and shows the run's progress until it is done", async () => {
    let phase = 0;
    const runs = [null, run({ status: "running", progress: 40, step: "Best sending hours", finished_at: null }), run({ created: 2 })];
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/recommendations": page([]),
      "GET /api/recommendations/applications": page([]),
      "GET /api/recommendations/runs/latest": () => ({ body: runs[phase] ?? null }),
      "POST /api/recommendations/runs": () => {
        phase = 1;
        return { status: 202, body: runs[1] };
      },
    });
    renderSignedIn(<RecommendationsPage variant="smart" />, { path: "/smart-recommendations" });
    expect(await screen.findByText("Nothing to change right now")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Generate now" }));
    expect(await screen.findByText("Best sending hours…")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Generation progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(s.to("POST", "/api/recommendations/runs")).toHaveLength(1);
    phase = 2;
    expect(await screen.findByText(/2 new, 1 still valid/, {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole("progressbar", { name: "Generation progress" })).toBeNull();
  });
});

describe("snooze and dismiss", () => {
  it("snoozes for 7 days and dismisses through the API", async () => {
    const rec = recommendation();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/recommendations": page([rec]),
      "GET /api/recommendations/applications": page([]),
      "GET /api/recommendations/runs/latest": { body: run() },
      [`POST /api/recommendations/${rec.id}/snooze`]: { body: { ...rec, status: "snoozed", snoozed_until: "2026-12-01T06:00:00.000Z" } },
      [`POST /api/recommendations/${rec.id}/dismiss`]: { body: { ...rec, status: "dismissed" } },
    });
    renderSignedIn(<RecommendationsPage variant="smart" />, { path: "/smart-recommendations" });
    await userEvent.click(await screen.findByRole("button", { name: "Snooze 7 days" }));
    await waitFor(() => expect(s.to("POST", `/api/recommendations/${rec.id}/snooze`)[0]?.body).toEqual({ days: 7 }));
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(s.to("POST", `/api/recommendations/${rec.id}/dismiss`)).toHaveLength(1));
  });
});

describe("/optimization/ai-recommendations", () => {
  it("leads with the applied changes and their verdicts", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/recommendations": page([recommendation()]),
      "GET /api/recommendations/applications": page([application({ outcome: null })]),
      "GET /api/recommendations/runs/latest": { body: run() },
    });
    renderSignedIn(<RecommendationsPage variant="optimization" />, { path: "/optimization/ai-recommendations" });
    const table = await screen.findByRole("table", { name: "Applied recommendations" });
    expect(within(table).getByText(/Waiting: judged after 100 sends/)).toBeTruthy();
    const applied = screen.getByRole("region", { name: "Applied changes and whether they helped" });
    const list = screen.getByRole("region", { name: "Recommendations" });
    expect(applied.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
