import type { ScanCheck, ScanResult } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import SecurityScanPage from "./security-scan-page.tsx";

const QUESTION = "How well is this workspace configured against attack, and what should we fix first?";

const check = (over: Partial<ScanCheck>): ScanCheck => ({
  id: "two_factor",
  title: "Two-factor adoption",
  status: "pass",
  weight: 20,
  evidence: "2 of 2 active members (100%) use two-factor.",
  fix: "Nothing to do.",
  fix_link: "/settings/security",
  ...over,
});

const result: ScanResult = {
  score: 63,
  computed_at: "2026-11-20T10:00:00.000Z",
  checks: [
    check({}),
    check({
      id: "inbox_tls",
      title: "Inboxes without TLS",
      status: "fail",
      weight: 15,
      evidence: "1 inbox may send the password in clear: sales@example.com.",
      fix: "Edit the inbox: use the TLS port.",
      fix_link: "/inboxes",
    }),
    check({
      id: "smtp_configured",
      title: "System email (SMTP)",
      status: "warn",
      weight: 10,
      evidence: "SMTP_URL is not set.",
      fix: "Set SMTP_URL.",
      fix_link: "/settings/email",
    }),
  ],
};

describe("/threat-detection/scan", () => {
  it("shows the score, checks grouped by status with the fix and its page, and records a run", async () => {
    const run = {
      id: uuid(),
      score: 63,
      passed: 1,
      warned: 1,
      failed: 1,
      ran_by: { id: ME.id, name: "Olivia Owner" },
      created_at: "2026-11-20T10:05:00.000Z",
    };
    let recorded = false;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/security/scan": { body: result },
      "GET /api/security/scan/history": () => ({ body: { items: recorded ? [run] : [], next_cursor: null } }),
      "POST /api/security/scan": () => {
        recorded = true;
        return { status: 201, body: { ...run, checks: result.checks } };
      },
    });
    renderSignedIn(<SecurityScanPage />, { path: "/threat-detection/scan" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    expect(await screen.findByLabelText("Score 63 out of 100")).toBeTruthy();
    const fixFirst = screen.getByRole("region", { name: "Fix first" });
    expect(within(fixFirst).getByText("Inboxes without TLS")).toBeTruthy();
    expect(within(fixFirst).getByText(/sales@example.com/)).toBeTruthy();
    expect(within(fixFirst).getByRole("link", { name: "Open" }).getAttribute("href")).toBe("/inboxes");
    expect(within(screen.getByRole("region", { name: "Worth fixing" })).getByText("System email (SMTP)")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Passing" })).getByText("Two-factor adoption")).toBeTruthy();
    expect(screen.getByText(/No run recorded yet/)).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Record this scan" }));
    await waitFor(() => expect(s.calls.some((c) => c.method === "POST" && c.path === "/api/security/scan")).toBe(true));
    await waitFor(() => expect(screen.queryByText(/No run recorded yet/)).toBeNull());
  });

  it("shows the error with a retry when the scan cannot be read", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/security/scan": { status: 403, body: { detail: "You need security:read", code: "FORBIDDEN" } },
      "GET /api/security/scan/history": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<SecurityScanPage />, { path: "/threat-detection/scan" });
    expect((await screen.findAllByText("You do not have permission to perform this action.")).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("button", { name: "Try again" }).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(/out of 100/)).toBeNull();
  });
});
