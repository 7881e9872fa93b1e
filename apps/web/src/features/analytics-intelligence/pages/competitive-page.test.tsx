import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { benchmark, comparison, competitive } from "../test/intelligence-builders.ts";
import CompetitivePage from "./competitive-page.tsx";

const PATH = "/analytics-intelligence/competitive";
const URL = "GET /api/analytics/intelligence/competitive";
const seed = benchmark();
const own = benchmark({
  id: "018f0000-0000-7000-8000-0000000000b2",
  metric: "meeting_rate",
  value_low: 0.01,
  value_high: 0.02,
  segment: "B2B SaaS",
  source_name: "Our trade association survey",
  source_url: "https://example.org/survey",
  published: "2025-03",
  origin: "workspace",
  age_years: 1.7,
  stale: false,
});

describe("/analytics-intelligence/competitive", () => {
  it("shows each rate against own history (with the test) and each benchmark's source, age and position", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      [URL]: {
        body: competitive(
          [
            comparison({ benchmarks: [{ id: seed.id, position: "within" }] }),
            comparison({
              metric: "meeting_rate",
              label: "Meeting rate",
              recent: { successes: 0, n: 0, rate: null, low: null, high: null },
              history: { successes: 0, n: 0, rate: null, low: null, high: null },
              delta: null,
              z: null,
              p_value: null,
              significant: false,
              benchmarks: [{ id: own.id, position: "no_data" }],
            }),
          ],
          [seed, own],
        ),
      },
    });
    renderSignedIn(<CompetitivePage />, { path: PATH });
    expect(await screen.findByRole("heading", { name: "Competitive Benchmarks" })).toBeTruthy();
    expect(await screen.findByText("10% (95 % CI 8.2–12%, n = 800)")).toBeTruthy();
    expect(screen.getByText(/\+6\.1 pts against history, p = < 0\.001: a measurable change/)).toBeTruthy();
    expect(screen.getByText(/vs 8\.5% \(Backlinko email outreach study, 2019\):/).textContent).toMatch(
      /within range — benchmark older than 2 years/,
    );
    expect(screen.getByText("Not enough data in both periods to compare.")).toBeTruthy();
    expect(
      screen.getByText("1 benchmark is older than 2 years: mail privacy features and filtering changed since, so compare with care."),
    ).toBeTruthy();
    const table = screen.getByRole("table", { name: "Industry benchmarks" });
    const link = within(table).getByRole("link", { name: "Backlinko email outreach study" });
    expect(link.getAttribute("href")).toBe("https://backlinko.com/email-outreach-study");
    expect(within(link.closest("tr")!).getByText("7.4 years old")).toBeTruthy();
    expect(within(within(table).getByText("Our trade association survey").closest("tr")!).getByText("1.0–2.0%")).toBeTruthy();
  });

  it("lets an admin add a benchmark and shows the server's refusal on its field", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [URL]: { body: competitive([comparison()], [seed]) },
      "POST /api/analytics/intelligence/benchmarks": {
        status: 422,
        body: {
          detail: "Validation failed",
          code: "VALIDATION_FAILED",
          errors: [{ field: "source_url", message: "Enter the source's web address (https://…)" }],
        },
      },
    });
    renderSignedIn(<CompetitivePage />, { path: PATH });
    await userEvent.click(await screen.findByRole("button", { name: "Add benchmark" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a benchmark for your industry" });
    await userEvent.type(within(dialog).getByLabelText("Value, % (or the range's low end)"), "1.5");
    await userEvent.type(within(dialog).getByLabelText("Segment or industry"), "B2B SaaS");
    await userEvent.type(within(dialog).getByLabelText("Source (publisher and title)"), "Survey");
    await userEvent.type(within(dialog).getByLabelText("Source URL"), "nope");
    await userEvent.type(within(dialog).getByLabelText("Published"), "2025");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter the source's web address (https://…)")).toBeTruthy();
    expect(s.to("POST", "/api/analytics/intelligence/benchmarks")[0]!.body).toMatchObject({
      metric: "meeting_rate",
      value_low: 0.015,
      value_high: 0.015,
      segment: "B2B SaaS",
      published: "2025",
    });
  });

  it("a reader cannot add benchmarks and sees no edit buttons", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ permissions: ["analytics:read"], role: "analyst" }) },
      [URL]: { body: competitive([comparison()], [seed, own]) },
    });
    renderSignedIn(<CompetitivePage />, { path: PATH });
    expect((await screen.findByRole("button", { name: "Add benchmark" })).hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Replace" })).toBeNull();
  });
});
