import type { EdgeCase } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import EdgeCasesPage from "./edge-cases-page.tsx";

const QUESTION = "Which failures does the system handle, is any happening now, and what does it do about it?";

function edge(over: Partial<EdgeCase> = {}): EdgeCase {
  return {
    id: "database",
    title: "Database restart or unreachable",
    what_happens: "PostgreSQL restarts.",
    system_response: "Requests answer 500 and the pool reconnects.",
    recovery: "Bring PostgreSQL back.",
    status: "ok",
    evidence: "PostgreSQL answered a ping in 1.2 ms",
    details: [],
    fix_path: "/system-health",
    fix_label: "System health",
    checked_ms: 1.4,
    ...over,
  };
}

describe("/system/edge-cases", () => {
  it("shows every failure mode worst first, with its evidence, what the system does and the page that fixes it", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: me({ is_instance_admin: true }) },
      "GET /api/system/edge-cases": {
        body: {
          checked_at: new Date().toISOString(),
          summary: { ok: 1, degraded: 1, failing: 1, unknown: 0 },
          cases: [
            edge(),
            edge({
              id: "kill-switch",
              title: "Kill switch engaged",
              status: "degraded",
              evidence: "1 hold on",
              details: ["workspace Acme: Complaint spike (5 min ago)"],
              fix_path: "/kill-switch",
              fix_label: "Kill switch",
            }),
            edge({
              id: "smtp-down",
              title: "SMTP server down or refusing the login",
              status: "failing",
              evidence: "1 inbox could not reach or log in to their SMTP server on their latest attempt",
              details: ["sales@acme.test: connect ECONNREFUSED 127.0.0.1:2525 (3 min ago)"],
              system_response: "The sender retries with backoff (1, 5, 30 and 120 minutes).",
              fix_path: "/inboxes",
              fix_label: "Inboxes",
            }),
          ],
        },
      },
    });
    renderSignedIn(<EdgeCasesPage />, { path: "/system/edge-cases" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    await screen.findByText("1 hold on");
    const sections = screen.getAllByRole("region").filter((r) => r.tagName === "SECTION");
    expect(sections.map((r) => within(r).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "SMTP server down or refusing the login",
      "Kill switch engaged",
      "Database restart or unreachable",
    ]);
    const smtp = sections[0]!;
    expect(within(smtp).getByText("failing")).toBeTruthy();
    expect(within(smtp).getByText("sales@acme.test: connect ECONNREFUSED 127.0.0.1:2525 (3 min ago)")).toBeTruthy();
    expect(within(smtp).getByRole("link", { name: "Open Inboxes" }).getAttribute("href")).toBe("/inboxes");
    await userEvent.click(within(smtp).getByText("What happens, what the system does, how to recover"));
    expect(await within(smtp).findByText("The sender retries with backoff (1, 5, 30 and 120 minutes).")).toBeTruthy();
    expect(screen.getByText(/1 failing, 1 degraded\./)).toBeTruthy();
    expect(screen.getByText("1 failing")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(s.to("GET", "/api/system/edge-cases").length).toBeGreaterThanOrEqual(2));
  });

  it("says when nothing is failing, and shows the server's refusal to a non-admin", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ is_instance_admin: true }) },
      "GET /api/system/edge-cases": {
        body: { checked_at: new Date().toISOString(), summary: { ok: 1, degraded: 0, failing: 0, unknown: 0 }, cases: [edge()] },
      },
    });
    const { unmount } = renderSignedIn(<EdgeCasesPage />, { path: "/system/edge-cases" });
    expect(await screen.findByText(/Nothing is failing now\./)).toBeTruthy();
    unmount();
    mockServer({
      "GET /api/auth/me": { body: me({ is_instance_admin: false }) },
      "GET /api/system/edge-cases": {
        status: 403,
        body: { detail: "Only an instance administrator can see this.", code: "INSTANCE_ADMIN_REQUIRED" },
      },
    });
    renderSignedIn(<EdgeCasesPage />, { path: "/system/edge-cases" });
    expect(await screen.findByText(/You do not have permission/)).toBeTruthy();
  });
});
