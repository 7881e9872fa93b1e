/**
 * The team decision log end to end on the real server: a new workspace's empty log says what it is
 * for → a question with two options and a linked lead (found by name in the picker) → a vote with a
 * comment → the outcome recorded with a rationale → the decided tab lists it with its outcome, and
 * the lead's decisions are found through the link filter. Screenshots land in test-results/screens.
 */
import { expect, type Page, test } from "@playwright/test";
import { collectErrors, signUp } from "../page-tour.ts";
import { screenPath } from "../results-dir.ts";

const QUESTION = "What has the team decided, why, and what is still open for a vote?";
const ASK = "Should we move the Q3 campaign to September?";

async function shot(p: Page, name: string, fullPage = true) {
  await p.screenshot({ path: screenPath(name), fullPage });
}

test("a decision is asked, voted on and decided, and its outcome is in the log", async ({ page: p, request }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(p);
  await p.emulateMedia({ reducedMotion: "reduce" });
  await p.setViewportSize({ width: 1440, height: 900 });
  await signUp(p, "Dana Decider", "decisions", "Prospect0r!decide");
  const token = await p.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  const auth = { Authorization: `Bearer ${token}` };
  const lead = await request.post("/api/leads/", {
    headers: auth,
    data: { first_name: "Nora", last_name: "Nebula", email: "nora@nebula.example", company_name: "Nebula Freight" },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const leadId = (await lead.json()).id as string;

  // From the Team group of the side nav.
  await p.goto("/dashboard");
  const nav = p.getByRole("navigation", { name: "Main navigation" });
  const team = nav.getByRole("button", { name: "Team", exact: true });
  if ((await team.getAttribute("aria-expanded")) === "false") await team.click();
  await nav.locator('a[href="/collaboration/decisions"]').click();
  await expect(p).toHaveURL(/\/collaboration\/decisions$/);
  await expect(p.getByText(QUESTION)).toBeVisible();
  await expect(p.getByText("No decisions yet")).toBeVisible();
  await shot(p, "decisions-empty");

  await p.getByRole("button", { name: "Ask the team" }).click();
  const dialog = p.getByRole("dialog", { name: "Ask the team" });
  await dialog.getByLabel("Question").fill(ASK);
  await dialog.getByLabel("Context").fill("August replies dropped by a third last year.");
  await dialog.getByRole("textbox", { name: "Option 1", exact: true }).fill("Move it");
  await dialog.getByRole("textbox", { name: "Option 2", exact: true }).fill("Keep August");
  await dialog.getByRole("combobox", { name: "Link a lead" }).fill("nebula");
  await p.getByRole("option", { name: "Nora Nebula" }).click();
  await expect(dialog.getByText("Lead: Nora Nebula")).toBeVisible();
  await shot(p, "decisions-create", false);
  await dialog.getByRole("button", { name: "Open for votes" }).click();
  await expect(dialog).toBeHidden();

  await expect(p.getByRole("heading", { name: ASK })).toBeVisible();
  await p.getByLabel("Comment with your vote (optional)").fill("Better reply rates");
  await p.getByRole("listitem", { name: "Move it" }).getByRole("button", { name: "Vote" }).click();
  await expect(p.getByText("Your vote", { exact: true })).toBeVisible();
  await expect(p.getByRole("list", { name: "Who voted what" }).getByText("Dana Decider: Move it")).toBeVisible();
  await expect(p.getByRole("link", { name: "Lead: Nora Nebula" })).toHaveAttribute("href", `/leads?selected=${leadId}`);
  await shot(p, "decisions-detail-open");

  await p.getByRole("button", { name: "Decide" }).click();
  const decide = p.getByRole("dialog", { name: "Record the outcome" });
  await decide.getByRole("radio", { name: /Move it/ }).check();
  await decide.getByRole("textbox", { name: /Rationale/ }).fill("Everyone who voted prefers September; the pilot agrees.");
  await decide.getByRole("button", { name: "Decide" }).click();
  const outcome = p.getByRole("status", { name: "Outcome" });
  await expect(outcome.getByText("Decided: Move it")).toBeVisible();
  await expect(outcome.getByText("Everyone who voted prefers September; the pilot agrees.")).toBeVisible();
  await expect(p.getByRole("list", { name: "Thread" }).getByText('Dana Decider decided: "Move it"')).toBeVisible();
  await shot(p, "decisions-detail-decided");

  await p.getByRole("button", { name: "← All decisions" }).click();
  await p.getByRole("tab", { name: "Decided (1)" }).click();
  const row = p.getByRole("table", { name: "Decisions" }).getByRole("row", { name: new RegExp(ASK.replace("?", "\\?")) });
  await expect(row.getByText("Move it")).toBeVisible();
  await shot(p, "decisions-list-decided");

  // From the lead: its decisions.
  await p.goto(`/collaboration/decisions?link_kind=lead&link_id=${leadId}`);
  await p.getByRole("tab", { name: "Decided (1)" }).click();
  await expect(p.getByRole("button", { name: ASK })).toBeVisible();
  expect(errors).toEqual([]);
});
