/**
 * The dashboard's getting-started checklist, computed from what the server reports about this
 * account and instance (no sample figures). A step whose data is unavailable is left out.
 */
import type { AuthConfig, Me } from "@prospector/contracts";

export type StepStatus = "done" | "todo" | "not_needed";

export interface Step {
  id: string;
  title: string;
  detail: string;
  status: StepStatus;
  /** In-app page that helps with the step (only pages that exist). */
  action?: { label: string; to: string };
}

export interface GettingStartedInput {
  user: Me;
  authConfig?: AuthConfig;
  health?: { status: "ok" | "degraded"; checks: Record<string, { status: string; detail?: string }> };
  /** Instance admins only: whether system email is really delivered. */
  smtpConfigured?: boolean;
  /** Leads in the workspace, when the leads feature answers. */
  leadCount?: number;
  unreadNotifications?: number;
  hasPage: (path: string) => boolean;
}

export function gettingStartedSteps(input: GettingStartedInput): Step[] {
  const { user } = input;
  const steps: Step[] = [
    {
      id: "account",
      title: "Create your account",
      detail: `Signed in as ${user.email} (${user.role_label}) in ${user.organization.name}.`,
      status: "done",
    },
  ];

  if (user.email_verified) {
    steps.push({ id: "verify", title: "Verify your email address", detail: "Your address is verified.", status: "done" });
  } else if (input.authConfig && !input.authConfig.email_verification_required) {
    steps.push({
      id: "verify",
      title: "Verify your email address",
      detail: "Email verification is off on this instance because no SMTP server is configured.",
      status: "not_needed",
    });
  } else if (input.authConfig) {
    steps.push({ id: "verify", title: "Verify your email address", detail: `Open the link we sent to ${user.email}.`, status: "todo" });
  }

  if (user.is_instance_admin && input.smtpConfigured !== undefined) {
    steps.push({
      id: "smtp",
      title: "Connect an SMTP server for system email",
      detail: input.smtpConfigured
        ? "Verification and password-reset emails are delivered."
        : "Without SMTP_URL, system emails are kept in the local mailbox and never delivered. Set SMTP_URL and restart to send them.",
      status: input.smtpConfigured ? "done" : "todo",
      action: input.hasPage("/mailbox") ? { label: "Open local mailbox", to: "/mailbox" } : undefined,
    });
  }

  if (input.health) {
    const failing = Object.entries(input.health.checks)
      .filter(([, c]) => c.status === "error")
      .map(([name]) => name);
    steps.push({
      id: "health",
      title: "Instance health",
      detail: failing.length === 0 ? "Database and job queue are running." : `Not working: ${failing.join(", ")}. Check the server logs.`,
      status: failing.length === 0 ? "done" : "todo",
    });
  }

  if (input.leadCount !== undefined) {
    steps.push({
      id: "leads",
      title: "Add your first leads",
      detail:
        input.leadCount > 0
          ? `${input.leadCount.toLocaleString()} leads this month.`
          : "Import a CSV or add leads by hand to start prospecting.",
      status: input.leadCount > 0 ? "done" : "todo",
      action: input.hasPage("/leads") ? { label: "Go to leads", to: "/leads" } : undefined,
    });
  }

  if (input.unreadNotifications !== undefined) {
    const n = input.unreadNotifications;
    steps.push({
      id: "notifications",
      title: "Catch up on notifications",
      detail: n === 0 ? "No unread notifications." : `${n} unread notification${n === 1 ? "" : "s"}.`,
      status: n === 0 ? "done" : "todo",
      action: input.hasPage("/notifications") ? { label: "View notifications", to: "/notifications" } : undefined,
    });
  }
  return steps;
}

export function progressOf(steps: Step[]): { done: number; total: number } {
  const applicable = steps.filter((s) => s.status !== "not_needed");
  return { done: applicable.filter((s) => s.status === "done").length, total: applicable.length };
}
