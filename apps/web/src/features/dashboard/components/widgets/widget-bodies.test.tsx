import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authConfig, me, mockServer, renderSignedIn } from "../../../../test/kit.ts";
import { WidgetBody } from "./widget-bodies.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("getting-started widget", () => {
  it("shows its checklist once every source has answered, all steps in one render (no step pushing others down later)", async () => {
    const admin = me({ is_instance_admin: true });
    let release = () => {};
    const mailboxAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockServer({
      "GET /api/auth/me": { body: admin },
      "GET /api/auth/config": { body: authConfig() },
      "GET /api/health": { body: { status: "ok", version: "1.0.0", uptime_seconds: 5, checks: {} } },
      "GET /api/notifications": { body: { notifications: [], unread_count: 0, total: 0, next_cursor: null } },
      "GET /api/leads/count": { body: { count: 0, since: "2026-11-01", plan: { plan: "free", limit: null, used: 0, remaining: null } } },
      "GET /api/mailbox": async () => {
        await mailboxAnswered;
        return { body: { messages: [], total: 0, page: 1, per_page: 1, smtp_configured: false } };
      },
    });
    renderSignedIn(<WidgetBody type="getting-started" user={admin} />, { path: "/dashboard" });

    // Every other source answers; the SMTP status (the mailbox) has not: still loading, no steps.
    await waitFor(() => expect(screen.getByLabelText("Loading checklist")).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByLabelText("Loading checklist")).toBeTruthy();
    expect(screen.queryByTestId("step-account")).toBeNull();

    release();
    await waitFor(() => expect(screen.getByTestId("step-smtp")).toBeTruthy());
    expect(screen.queryByLabelText("Loading checklist")).toBeNull();
    for (const id of ["account", "health", "leads", "notifications"]) expect(screen.getByTestId(`step-${id}`)).toBeTruthy();
    expect(screen.getByText(/Without SMTP_URL/)).toBeTruthy();
  });
});
