import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { boardroom, kpi, month, rate } from "../test/executive-builders.ts";
import BoardroomPage from "./boardroom-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/boardroom";

const full = boardroom({
  months: [
    month("2026-01", { sent: 300, delivered: 290, replied: 29, reply_rate: rate(0.1, 290, 0.0705, 0.1401), meetings: 4, deals_created: 3 }),
    month("2026-02", {
      sent: 400,
      delivered: 390,
      replied: 12,
      reply_rate: rate(0.0308, 390, 0.0177, 0.0531),
      meetings: 2,
      deals_won: 1,
      revenue_won: 1200,
    }),
  ],
  kpis: [
    kpi({
      key: "sent",
      label: "Sent",
      kind: "count",
      value: 400,
      mom: { month: "2026-01", value: 300, change: 0.3333, significant: false, p_value: null },
    }),
    kpi({
      key: "reply_rate",
      label: "Reply rate",
      kind: "rate",
      value: 0.0308,
      rate: rate(0.0308, 390, 0.0177, 0.0531),
      mom: { month: "2026-01", value: 0.1, change: -0.0692, significant: true, p_value: 0.0001 },
    }),
  ],
  pipeline_open: { value: 1000.5, deals: 2, currency_note: "In USD", source: "Open deals source line" },
});

describe("/boardroom", () => {
  it("shows the KPIs with deltas flagged beyond chance, the charts, the monthly table and sources", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/analytics/boardroom": { body: full } });
    renderSignedIn(<BoardroomPage />, { path: PATH });
    expect(await screen.findByText("How is outbound performing for the business, month over month?")).toBeTruthy();
    const kpis = await screen.findByRole("region", { name: "Key figures" });
    expect(screen.getByText(/2026-01 to 2026-02 · months in UTC · figures as of/)).toBeTruthy();
    expect(within(kpis).getByText("400")).toBeTruthy();
    expect(within(kpis).getByText("+33%")).toBeTruthy();
    expect(within(kpis).getByText("3.1% (95% 1.8%–5.3%, n 390)")).toBeTruthy();
    expect(within(kpis).getByText("−6.9 pts")).toBeTruthy();
    expect(within(kpis).getAllByText("beyond chance")).toHaveLength(1);
    expect(within(kpis).getByText("1,000.5")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Monthly figures" });
    const feb = within(table).getByText("2026-02").closest("tr")!;
    expect(within(feb).getByText("1,200")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Reply rate by month, with its 95% interval" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Sources" })).getByText(/Messages handed to SMTP/)).toBeTruthy();
  });

  it("prints, downloads the PDF for the shown months, and asks for a chosen range", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/boardroom": { body: full },
      "GET /api/analytics/boardroom.pdf": { body: undefined },
    });
    URL.createObjectURL = vi.fn(() => "blob:pdf");
    URL.revokeObjectURL = vi.fn();
    renderSignedIn(<BoardroomPage />, { path: PATH });
    await userEvent.click(await screen.findByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(s.to("GET", "/api/analytics/boardroom.pdf")).toHaveLength(1));
    const q = s.to("GET", "/api/analytics/boardroom.pdf")[0]!.query;
    expect([q.get("from"), q.get("to")]).toEqual(["2026-01", "2026-02"]);
    fireEvent.change(screen.getByLabelText("From month"), { target: { value: "2025-06" } });
    await waitFor(() => expect(s.to("GET", "/api/analytics/boardroom").at(-1)!.query.get("from")).toBe("2025-06"));
  });

  it("says how to get data when the months are empty", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/analytics/boardroom": { body: boardroom() } });
    renderSignedIn(<BoardroomPage />, { path: PATH });
    expect(await screen.findByText("No outbound activity in these months")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Monthly figures" })).toBeNull();
  });
});
