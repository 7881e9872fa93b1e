import type { AuthConfig, Me } from "@prospector/contracts";
import { describe, expect, it } from "vitest";
import { gettingStartedSteps, progressOf } from "./getting-started.ts";

const me: Me = {
  id: "u1",
  email: "ada@example.com",
  full_name: "Ada",
  image: null,
  email_verified: false,
  is_active: true,
  is_instance_admin: true,
  role: "admin",
  role_label: "Administrator",
  permissions: ["*:*"],
  organization: { id: "o", name: "Acme", plan: "starter" },
  workspace: { id: "w", name: "Default" },
  created_at: "2026-01-01T00:00:00Z",
};
const config = (verification: boolean): AuthConfig => ({
  sso: { enabled: false, name: "" },
  first_user: false,
  signup_open: true,
  email_verification_required: verification,
  password_policy: { min_length: 8, require_uppercase: true, require_lowercase: true, require_numbers: true, require_special: false },
});
const healthy = { status: "ok" as const, checks: { database: { status: "ok" }, jobs: { status: "ok" }, redis: { status: "disabled" } } };
const byId = (steps: ReturnType<typeof gettingStartedSteps>) => Object.fromEntries(steps.map((s) => [s.id, s.status]));

describe("gettingStartedSteps", () => {
  it("computes each step from the server's answers", () => {
    const steps = gettingStartedSteps({
      user: me,
      authConfig: config(false),
      health: healthy,
      smtpConfigured: false,
      unreadNotifications: 2,
      hasPage: (p) => p === "/mailbox",
    });
    expect(byId(steps)).toEqual({ account: "done", verify: "not_needed", smtp: "todo", health: "done", notifications: "todo" });
    expect(steps.find((s) => s.id === "smtp")?.action).toEqual({ label: "Open local mailbox", to: "/mailbox" });
    expect(steps.find((s) => s.id === "notifications")?.action).toBeUndefined();
    expect(progressOf(steps)).toEqual({ done: 2, total: 4 });
  });

  it("leaves out what it cannot know, and what is not the user's business", () => {
    const steps = gettingStartedSteps({
      user: { ...me, is_instance_admin: false, email_verified: true },
      smtpConfigured: true,
      hasPage: () => true,
    });
    expect(byId(steps)).toEqual({ account: "done", verify: "done" });
  });

  it("flags failing health checks and pending verification", () => {
    const steps = gettingStartedSteps({
      user: me,
      authConfig: config(true),
      health: { status: "degraded", checks: { database: { status: "ok" }, jobs: { status: "error" } } },
      leadCount: 0,
      hasPage: () => false,
    });
    expect(byId(steps)).toMatchObject({ verify: "todo", health: "todo", leads: "todo" });
    expect(steps.find((s) => s.id === "health")?.detail).toContain("jobs");
  });
});
