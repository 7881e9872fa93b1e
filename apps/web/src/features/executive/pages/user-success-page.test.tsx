import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { adoption, userSuccess } from "../test/executive-builders.ts";
import UserSuccessPage from "./user-success-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/user-success";

describe("/user-success", () => {
  it("shows each member's steps with first-done dates, completion, last activity and links to the missing ones", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/user-success": {
        body: userSuccess([
          adoption("u1", "Ann", ["email_verified", "inbox_connected", "campaign_created"]),
          adoption("u2", "Bo", [], { last_active_at: null }),
        ]),
      },
    });
    renderSignedIn(<UserSuccessPage />, { path: PATH });
    expect(await screen.findByText("Has each member of the workspace set up and used what they need?")).toBeTruthy();
    const ann = await screen.findByRole("article", { name: "Ann" });
    expect(within(ann).getByLabelText("Ann: 3 of 4 steps")).toBeTruthy();
    expect(within(ann).getByText("✓ Inbox connected · Feb 3, 2026")).toBeTruthy();
    expect(within(ann).getByText("✓ Email verified · date not kept")).toBeTruthy();
    expect(within(ann).getByRole("link", { name: "Two-factor sign-in on: not yet" }).getAttribute("href")).toBe("/settings/security");
    const bo = screen.getByRole("article", { name: "Bo" });
    expect(within(bo).getByText(/last active never/)).toBeTruthy();
    expect(within(bo).getByText("0 of 4 steps · 0%")).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "How each step is decided" })).getByText(/The member connected a sending inbox/),
    ).toBeTruthy();
  });

  it("says how to add members when there are none", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/analytics/user-success": { body: userSuccess([]) } });
    renderSignedIn(<UserSuccessPage />, { path: PATH });
    expect(await screen.findByText("No members yet")).toBeTruthy();
  });
});
