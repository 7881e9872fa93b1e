/**
 * Campaigns end to end on the real server: sign up → two leads → connect an inbox pointing at a
 * local SMTP sink started here → write a sequence in the wizard → add the leads, pick the inbox,
 * open the sending window → launch → the emails arrive at the sink → a person opens one (the
 * tracking pixel from the received message) → the campaign's figures move. Also visits /compose,
 * /analytics, /ab-tests and /inboxes. Screenshots land in test-results/screens.
 *
 * Not covered here: a reply read back over IMAP (the inbox is SMTP-only; replies are covered by the
 * server's IMAP tests).
 */
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";

const email = `campaigns-${Date.now()}@example.com`;
const password = "Prospect0r!campaigns";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

interface Received {
  to: string[];
  raw: string;
  at: number;
}
const received: Received[] = [];
let sink: SMTPServer;
let sinkPort = 0;

test.beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    // No STARTTLS: the sink has no certificate the sender would trust.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(_auth, _session, cb) {
      cb(null, { user: "sender" });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  sinkPort = (sink.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

async function shot(p: Page, name: string) {
  await p.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Quoted-printable soft breaks and escapes, enough to read URLs out of an HTML part. */
const unQuote = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));

test("connect an inbox, write a sequence, launch, receive, open and see the figures move", async ({ page: p, request }) => {
  test.setTimeout(240_000);
  await p.emulateMedia({ reducedMotion: "reduce" });
  await p.setViewportSize({ width: 1440, height: 900 });

  await p.goto("/sign-up");
  await p.getByLabel("Full name").fill("Cara Campaigns");
  await p.getByLabel("Work email").fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByRole("button", { name: "Create Account" }).click();
  await expect(p).toHaveURL(/\/dashboard$/);

  // Two leads through the API (the leads pages have their own spec).
  const token = await p.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  expect(token, "bearer token after sign-up").toBeTruthy();
  const auth = { Authorization: `Bearer ${token}` };
  for (const lead of [
    { first_name: "Ada", last_name: "Lovelace", email: "ada@analytical.example", company_name: "Analytical Engines" },
    { first_name: "Grace", last_name: "Hopper", email: "grace@compilers.example", company_name: "Compilers Inc" },
  ]) {
    const res = await request.post("/api/leads/", { headers: auth, data: lead });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The list starts empty.
  await p.getByRole("link", { name: "Campaigns" }).first().click();
  await expect(p).toHaveURL(/\/campaigns$/);
  await expect(p.getByText("No campaigns yet")).toBeVisible();
  await shot(p, "campaigns-empty");

  // Connect an inbox that sends to the local sink; saving tests the connection.
  await p.getByRole("link", { name: "Inboxes" }).first().click();
  await p.getByRole("button", { name: "Connect inbox" }).first().click();
  const form = p.getByRole("dialog");
  await form.getByLabel(/Email address/).fill("sender@e2e.example");
  await form.getByLabel("Sender name").fill("Cara from E2E");
  await form.getByLabel("SMTP host").fill("127.0.0.1");
  await form.getByLabel("Port").first().fill(String(sinkPort));
  await form.getByLabel("SMTP username").fill("sender");
  await form.getByLabel("SMTP password").fill("sink-password");
  await form.getByLabel("Read replies and bounces over IMAP").uncheck();
  await form.getByLabel("Minimum gap (seconds)").fill("0");
  await shot(p, "inbox-form");
  await form.getByRole("button", { name: "Save and test" }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const card = p.getByRole("article", { name: "sender@e2e.example" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Healthy")).toBeVisible();
  await shot(p, "inboxes");

  // The wizard: details → sequence → preview → leads → inboxes → schedule → review.
  await p.goto("/campaigns/new/edit");
  await p.getByRole("button", { name: "Create draft" }).click();
  await expect(p.getByText("Campaign name and subject line are required").first()).toBeVisible();
  await p.getByLabel(/Campaign name/).fill("E2E founders");
  await p.getByLabel(/Subject line/).fill("Quick question, {{ first_name }}");
  await p.getByRole("button", { name: "Create draft" }).click();
  const step1 = p.getByRole("group", { name: "Step 1" });
  await expect(step1).toBeVisible();
  await step1
    .getByLabel("Body")
    .fill(
      "Hi {{ first_name }},\n\nHow does {{ company_name }} book demos today? See https://example.com/demo\n\nUnsubscribe: {{ unsubscribe_url }}",
    );
  await shot(p, "wizard-sequence");
  await p.getByRole("button", { name: "Next", exact: true }).click();

  const preview = p.getByRole("region", { name: "Preview" });
  await expect(preview.getByLabel("Email preview")).toBeVisible();
  await p.getByRole("button", { name: "Next", exact: true }).click();

  const leads = p.getByRole("region", { name: "Leads" });
  await leads.getByLabel("Pick Ada Lovelace").check();
  await leads.getByLabel("Pick Grace Hopper").check();
  await leads.getByRole("button", { name: /Add 2 to campaign/ }).click();
  await expect(leads.getByText(/Added 2 · 2 leads in the campaign/)).toBeVisible();
  await shot(p, "wizard-leads");
  await p.getByRole("button", { name: "Next", exact: true }).click();

  await p.getByRole("region", { name: "Inboxes" }).getByLabel("Send from sender@e2e.example").check();
  await p.getByRole("button", { name: "Next", exact: true }).click();

  // Open the window all week and all day, in UTC, so the first emails leave at once.
  const schedule = p.getByRole("region", { name: "Schedule" });
  const days = schedule.getByRole("group", { name: "Sending days" });
  for (const d of ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]) {
    const chip = days.getByRole("button", { name: d });
    if ((await chip.getAttribute("aria-pressed")) !== "true") await chip.click();
  }
  const zone = schedule.getByLabel("Time zone");
  if ((await zone.inputValue()) !== "UTC") {
    await zone.fill("UTC");
    await p.getByRole("option", { name: "UTC", exact: true }).click();
  }
  await schedule.getByLabel("From").fill("00:00");
  await schedule.getByLabel("Until").fill("23:59");
  await shot(p, "wizard-schedule");
  await p.getByRole("button", { name: "Next", exact: true }).click();

  const review = p.getByRole("region", { name: "Review & launch" });
  await expect(review.getByText("Ready to launch.")).toBeVisible();
  await expect(review.getByText(/2 emails to send/)).toBeVisible();
  await shot(p, "wizard-review");
  await review.getByRole("button", { name: "Launch campaign" }).click();

  // The campaign page, and the emails at the sink within seconds of the launch.
  await expect(p.getByRole("heading", { name: "E2E founders" })).toBeVisible();
  await expect.poll(() => received.length, { timeout: 60_000, message: "emails at the SMTP sink" }).toBe(2);
  expect(received.flatMap((r) => r.to).sort()).toEqual(["ada@analytical.example", "grace@compilers.example"]);
  const ada = received.find((r) => r.to.includes("ada@analytical.example"))!;
  const raw = unQuote(ada.raw);
  expect(raw).toMatch(/Subject: Quick question, Ada/);
  expect(raw).toMatch(/List-Unsubscribe:/i);
  const pixel = raw.match(/https?:\/\/[^"'\s<>]+\/t\/o\/[^"'\s<>]+\.gif/)?.[0];
  expect(pixel, "open pixel in the received email").toBeTruthy();

  // A person opens it (a desktop browser, later than a scanner would).
  await p.waitForTimeout(Math.max(0, ada.at + 11_000 - Date.now()));
  const open = await request.get(pixel!.replace(/^https?:\/\/[^/]+/, ""), { headers: { "User-Agent": DESKTOP_UA } });
  expect(open.status()).toBe(200);
  expect(open.headers()["content-type"]).toContain("image/gif");

  await p.getByRole("button", { name: "Refresh figures" }).click();
  const sent = p.getByRole("group", { name: "Sent" });
  await expect(sent.getByText("2", { exact: true })).toBeVisible({ timeout: 15_000 });
  const opens = p.getByRole("group", { name: "Opens" });
  await expect(opens.getByText("1", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(opens.getByText(/1 human, 0 bot/)).toBeVisible();
  await shot(p, "campaign-detail");

  // A one-step sequence is done once both emails went: the list shows it completed.
  await p.goto("/campaigns");
  await expect(p.getByRole("row").filter({ hasText: "E2E founders" }).getByText("Completed")).toBeVisible();
  await shot(p, "campaigns-list");
  await p.goto("/analytics");
  await expect(p.getByRole("group", { name: "Sent" }).getByText("2", { exact: true })).toBeVisible();
  await shot(p, "analytics");
  await p.goto("/ab-tests");
  await expect(p.getByText(/No campaign has A\/B variants yet/)).toBeVisible();
  await shot(p, "ab-tests");
  await p.goto("/compose");
  await p.getByLabel("Name").fill("Ada Lovelace");
  await p.getByLabel("Company").fill("Analytical Engines");
  await p.getByRole("button", { name: "Write email" }).click();
  await expect(p.getByText(/Written from the built-in templates|Written by the language model/)).toBeVisible();
  await shot(p, "compose");
});
