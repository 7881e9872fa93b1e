import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { PREFILL } from "../test/optimization-builders.ts";
import RoiCalculatorPage from "./roi-calculator-page.tsx";

const SCENARIO_ID = "018f0000-0000-7000-8000-0000000000aa";

describe("ROI calculator", () => {
  it("starts from the workspace's rates with their samples, labels defaults, projects the month and saves a scenario", async () => {
    const saved: unknown[] = [];
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/optimization/calculator/prefill": { body: PREFILL },
      "GET /api/analytics/optimization/scenarios": () => ({
        body: {
          items: saved.map((b) => ({
            id: SCENARIO_ID,
            ...(b as object),
            created_at: "2026-11-25T03:00:00.000Z",
            updated_at: "2026-11-25T03:00:00.000Z",
          })),
          next_cursor: null,
        },
      }),
      "POST /api/analytics/optimization/scenarios": (req) => {
        saved.push(req.body);
        return {
          status: 201,
          body: {
            id: SCENARIO_ID,
            ...(req.body as object),
            created_at: "2026-11-25T03:00:00.000Z",
            updated_at: "2026-11-25T03:00:00.000Z",
          },
        };
      },
    });
    renderSignedIn(<RoiCalculatorPage />, { path: "/roi-calculator" });
    const rates = await screen.findByRole("table", { name: "Rates" });
    const reply = within(rates).getByText("Reply rate").closest("tr")!;
    expect(within(reply).getByText(/95 of 950 · 95% interval 8\.2%–12\.1%/)).toBeTruthy();
    const win = within(rates).getByText("Win rate").closest("tr")!;
    expect(within(win).getByText("Assumption")).toBeTruthy();
    expect(screen.getByText(/Assumption · Planning assumption, not measured: no deal won yet/)).toBeTruthy();

    // 338 leads × 0.95 × 0.1 = 32.1 replies.
    const out = screen.getByRole("table", { name: "Projected outcome" });
    const replies = within(out).getByText("Replies").closest("tr")!;
    expect(within(replies).getByText("32.1")).toBeTruthy();

    await userEvent.clear(screen.getByLabelText("Reply rate"));
    await userEvent.type(screen.getByLabelText("Reply rate"), "20");
    expect(within(reply).getByText("Your figure (no interval)")).toBeTruthy();
    expect(within(within(out).getByText("Replies").closest("tr")!).getByText("64.2")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Save scenario" }));
    expect(await screen.findByText("Give the scenario a name")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Scenario name"), "Double replies");
    await userEvent.click(screen.getByRole("button", { name: "Save scenario" }));
    await waitFor(() => expect(s.to("POST", "/api/analytics/optimization/scenarios")).toHaveLength(1));
    const body = s.to("POST", "/api/analytics/optimization/scenarios")[0]!.body as {
      name: string;
      inputs: { reply_rate: unknown; leads_per_month: number };
    };
    expect(body.name).toBe("Double replies");
    expect(body.inputs.reply_rate).toEqual({ rate: 0.2, low: 0.2, high: 0.2 });
    expect(body.inputs.leads_per_month).toBe(338);
    const list = await screen.findByRole("list", { name: "Saved scenarios" });
    expect(await within(list).findByText("Double replies")).toBeTruthy();
  });
});
