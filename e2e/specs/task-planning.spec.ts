/**
 * /task-planning and the two settings presentations on the real server: CRM tasks created through
 * the API show on their days, one dragged to another day is rescheduled and one reassigned from its
 * dialog; the board shows the load; /settings-simple saves an essential that /settings-complex then
 * shows as changed, and the complex page's search and deep link work. Screenshots in test-results/screens.
 */
import { expect, type Page, test } from "@playwright/test";
import { screenPath } from "../results-dir.ts";

const email = `planning-${Date.now()}@example.com`;
const password = "Prospect0r!planning";

const shot = (p: Page, name: string) => p.screenshot({ path: screenPath(name), fullPage: true });
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

test("plan CRM tasks on the calendar and the board; settings in two presentations", async ({ page: p, request }) => {
  test.setTimeout(180_000);
  await p.emulateMedia({ reducedMotion: "reduce" });
  await p.setViewportSize({ width: 1440, height: 900 });
  await p.goto("/sign-up");
  await p.getByLabel("Full name").fill("Pat Planner");
  await p.getByLabel("Work email").fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByRole("button", { name: "Create Account" }).click();
  await expect(p).toHaveURL(/\/dashboard$/);
  const token = await p.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  const auth = { Authorization: `Bearer ${token}` };
  const me = await (await request.get("/api/auth/me", { headers: auth })).json();

  // Tasks around today (browser and server share this machine's clock and time zone).
  const today = new Date();
  today.setHours(10, 0, 0, 0);
  const at = (days: number) => new Date(today.getTime() + days * 86_400_000);
  const create = async (body: object) => {
    const res = await request.post("/api/crm/tasks", { headers: auth, data: body });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const call = await create({ title: "Call the Quasar buyer", due_date: at(0).toISOString(), assignee_id: me.id });
  await create({ title: "Chase the signed order", due_date: at(-2).toISOString(), assignee_id: me.id });
  await create({ title: "Send the welcome pack", due_date: at(1).toISOString(), status: "done", assignee_id: me.id });
  const demo = await create({ title: "Book the product demo", due_date: at(2).toISOString() });

  await p.goto("/task-planning?mode=week");
  await expect(p.getByRole("heading", { name: "Who has which tasks due when, and who is overloaded?" })).toBeVisible();
  const calendar = p.getByRole("grid", { name: "Task calendar" });
  await expect(calendar.getByRole("button", { name: /^Call the Quasar buyer/ })).toBeVisible();
  await expect(calendar.getByRole("button", { name: /^Chase the signed order, Open, overdue/ })).toHaveAttribute(
    "data-state",
    /overdue|open/,
  );
  await shot(p, "task-planning-week");

  // Drag the call to the day after tomorrow (or, at the end of the week, to the previous day).
  const target = at(today.getDay() === 0 || today.getDay() >= 5 ? -1 : 2);
  await calendar.getByRole("button", { name: /^Call the Quasar buyer/ }).dragTo(calendar.locator(`[data-day="${localDay(target)}"]`));
  await expect
    .poll(async () => (await (await request.get(`/api/crm/tasks/${call.id}`, { headers: auth })).json()).due_date, { timeout: 10_000 })
    .toBe(new Date(target.getTime()).toISOString());

  // The keyboard way: open the demo, assign it to me.
  await calendar.getByRole("button", { name: /^Book the product demo/ }).click();
  const dialog = p.getByRole("dialog", { name: "Book the product demo" });
  await dialog.getByRole("combobox", { name: "Assignee" }).click();
  await p.getByRole("option", { name: "Pat Planner" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  expect((await (await request.get(`/api/crm/tasks/${demo.id}`, { headers: auth })).json()).assignee_id).toBe(me.id);

  await p.goto("/task-planning");
  await expect(p.getByRole("grid", { name: "Task calendar" }).getByRole("button", { name: /^Book the product demo/ })).toBeVisible();
  await shot(p, "task-planning-month");
  await p.getByRole("tab", { name: "By assignee" }).click();
  const mine = p.getByRole("region", { name: "Pat Planner" });
  await expect(mine).toContainText("overdue");
  await expect(p.getByRole("region", { name: "Unassigned" })).toBeVisible();
  await shot(p, "task-planning-board");
  await p.getByRole("tab", { name: "List" }).click();
  await expect(p.getByRole("link", { name: "Book the product demo" })).toHaveAttribute("href", `/crm/tasks?selected=${demo.id}`);
  await shot(p, "task-planning-list");

  // Settings: an essential saved on the simple page shows as changed on the complex page.
  await p.goto("/settings-simple");
  await expect(p.getByRole("heading", { name: "Which few settings do most people need, and what are they set to?" })).toBeVisible();
  const notifications = p.getByRole("region", { name: "Notifications" });
  await notifications.getByLabel("Frequency").click();
  await p.getByRole("option", { name: "Daily digest" }).click();
  await notifications.getByRole("button", { name: "Save changes" }).click();
  await expect(p.getByText("Settings saved")).toBeVisible();
  await shot(p, "settings-simple");

  await p.goto("/settings-complex?q=frequency");
  await expect(p.getByTestId("state-notification_frequency")).toContainText("Saved: Daily digest");
  await expect(p.getByTestId("state-notification_frequency")).toContainText("Changed (default: Real time)");
  await expect(p.getByLabel("Full name")).toHaveCount(0);
  await p.screenshot({ path: screenPath("settings-complex-search") });
  await p.goto("/settings-complex/accessibility");
  await expect(p.locator("#section-accessibility")).toBeInViewport();
  await p.goto("/settings-complex");
  await expect(p.getByLabel("Track opens")).toBeVisible();
  await p.screenshot({ path: screenPath("settings-complex-top") });
  await shot(p, "settings-complex");
});
