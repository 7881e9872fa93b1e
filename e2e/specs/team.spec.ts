/**
 * A team working together, end to end with two browsers on the real server: the instance admin
 * invites a colleague from /team/members → the invitation mail waits in the local mailbox → the
 * colleague opens its link, creates an account and joins → each sees the other online → the admin
 * opens a campaign's edit page (its edit lock) and the colleague, on the same page, sees who edits it
 * with Save disabled until the admin leaves → a chat message from the colleague reaches the admin's
 * /team/chat live, and the admin reading it shows as "Seen by" on the colleague's side.
 * Screenshots land in test-results/screens.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { readInstanceAdmin } from "../instance-admin.ts";
import { screenPath } from "../results-dir.ts";
import { E2E_SETUP_TOKEN } from "../setup-token.ts";

const stamp = Date.now();
const colleague = { name: "Ben Colleague", email: `colleague-${stamp}@example.com`, password: "Prospect0r!colleague" };

async function shot(p: Page, name: string) {
  await p.screenshot({ path: screenPath(name) });
}

/** A browser of its own (separate storage: another person); the colleague's runs in dark mode, so its pictures show that too. */
async function newPage(browser: Browser, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce", colorScheme });
  return context.newPage();
}

async function bearer(p: Page): Promise<string> {
  const token = await p.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  expect(token, "bearer token").toBeTruthy();
  return token!;
}

test("an admin invites a colleague, both see each other online, the campaign edit lock blocks the other, chat crosses", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);

  // The instance admin (the newcomer spec's first account) reads the local mailbox. Run alone on a
  // fresh server, this spec's own first sign-up is that admin.
  let admin = readInstanceAdmin();
  if (!admin) {
    admin = { email: `team-admin-${stamp}@example.com`, password: "Prospect0r!team", name: "Olivia Owner" };
    const res = await request.post("/api/auth/register", {
      data: { email: admin.email, password: admin.password, full_name: admin.name, setup_token: E2E_SETUP_TOKEN },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  const a = await newPage(browser);
  await a.goto("/sign-in");
  await a.getByLabel("Email").fill(admin.email);
  await a.getByLabel("Password", { exact: true }).fill(admin.password);
  await a.getByRole("button", { name: "Sign In" }).click();
  await expect(a).toHaveURL(/\/dashboard$/);

  // Invite the colleague as a manager (who may read the team pages and edit campaigns).
  await a.goto("/team/members");
  await a.getByRole("button", { name: "Invite member" }).first().click();
  const dialog = a.getByRole("dialog");
  await dialog.getByLabel("Email address").fill(colleague.email);
  await dialog.getByLabel("Role").click();
  await a.getByRole("option", { name: /^Manager/ }).click();
  await shot(a, "team-invite-dialog");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(a.getByText(`Invitation sent to ${colleague.email}`)).toBeVisible();
  await shot(a, "team-members-invited");

  // Without SMTP the invitation waits in the local mailbox.
  await a.goto("/mailbox");
  const row = a.getByRole("row").filter({ hasText: colleague.email }).first();
  await expect(row).toBeVisible();
  await row.click();
  const inviteLink = a.getByRole("dialog").getByRole("link", { name: /\/invite\// });
  await expect(inviteLink).toBeVisible();
  const href = await inviteLink.getAttribute("href");
  expect(href, "invitation link in the mail").toMatch(/\/invite\/[\w.-]+$/);
  await a.getByRole("button", { name: "Close message" }).click();

  // The colleague opens the link signed out, creates an account and joins.
  const b = await newPage(browser, "dark");
  await b.goto(href!.replace(/^https?:\/\/[^/]+/, ""));
  await expect(b.getByText(admin.name).first()).toBeVisible();
  await shot(b, "team-invite-preview");
  await b
    .getByRole("link", { name: /Create account/i })
    .or(b.getByRole("button", { name: /Create account/i }))
    .first()
    .click();
  await expect(b).toHaveURL(/\/sign-up/);
  await b.getByLabel("Full name").fill(colleague.name);
  const emailField = b.getByLabel("Work email");
  if ((await emailField.inputValue()) !== colleague.email) await emailField.fill(colleague.email);
  await b.getByLabel("Password", { exact: true }).fill(colleague.password);
  await b.getByRole("button", { name: "Create Account" }).click();
  await expect(b).toHaveURL(/\/invite\//);
  await b.getByRole("button", { name: /Join workspace/i }).click();
  await expect(b).toHaveURL(/\/team\/overview$/);

  // Both online, each seeing the other.
  await a.goto("/team/overview");
  await expect(a.getByRole("list", { name: "Members online now" })).toContainText(colleague.name, { timeout: 20_000 });
  await expect(b.getByRole("list", { name: "Members online now" })).toContainText(admin.name, { timeout: 20_000 });
  await shot(a, "team-overview-admin");
  await shot(b, "team-overview-colleague");

  // A campaign in the shared workspace (through the API; the wizard has its own spec).
  const created = await request.post("/api/campaigns/", {
    headers: { Authorization: `Bearer ${await bearer(a)}` },
    data: { name: "Team launch", subject_line: "Hello from the team" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = ((await created.json()) as { id: string }).id;

  // The admin edits it first and holds its lock; the colleague on the same page is told and cannot save.
  await a.goto(`/campaigns/${campaignId}/edit?step=details`);
  await expect(a.getByRole("heading", { name: "Edit “Team launch”" })).toBeVisible();
  await b.goto(`/campaigns/${campaignId}/edit?step=details`);
  await expect(b.getByRole("heading", { name: "Edit “Team launch”" })).toBeVisible();
  const banner = b.getByTestId("campaign-lock-banner");
  await expect(banner).toContainText(`${admin.name} is editing this campaign since`, { timeout: 20_000 });
  await expect(banner).toContainText("your changes cannot be saved until they finish");
  await expect(b.getByRole("button", { name: "Save and close" })).toBeDisabled();
  await expect(b.getByRole("group", { name: new RegExp(`Also here: .*${admin.name} \\(editing\\)`) })).toBeVisible();
  await expect(a.getByTestId("campaign-lock-banner")).toHaveCount(0);
  await expect(a.getByRole("button", { name: "Save and close" })).toBeEnabled();
  await shot(b, "team-campaign-locked");

  // The admin leaves the page: the lock goes to the colleague, who may save now.
  await a.goto("/team/chat");
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expect(b.getByRole("button", { name: "Save and close" })).toBeEnabled();

  // Chat: the colleague's message reaches the admin live; the admin reading it shows on the colleague's side.
  await b.goto("/team/chat");
  await expect(a.getByText("What is my team talking about?")).toBeVisible();
  const text = `Hello ${admin.name.split(" ")[0]}, I take the campaign from here (${stamp})`;
  await b.getByRole("textbox", { name: "Message #general" }).fill(text);
  await b.keyboard.press("Enter");
  await expect(a.getByRole("log", { name: "Messages" })).toContainText(text, { timeout: 20_000 });
  await expect(b.getByTestId("pending-message")).toHaveCount(0);
  await expect(b.getByTestId("seen-by")).toHaveText(`Seen by ${admin.name}`, { timeout: 20_000 });
  await expect(a.getByRole("region", { name: "Online now" })).toContainText(colleague.name);
  await shot(a, "team-chat-admin");
  await shot(b, "team-chat-colleague");

  await a.context().close();
  await b.context().close();
});
