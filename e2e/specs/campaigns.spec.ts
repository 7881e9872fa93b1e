/**
 * Campaigns end to end on the real server: sign up → two leads → connect an inbox that sends to a
 * local SMTP sink and reads replies from a real IMAP server (Debian's dovecot), both started here →
 * write a two-step sequence in the wizard → add the leads, pick the inbox, open the sending window →
 * launch → the first emails arrive at the sink, both leads queued for step 2 → one lead replies (a
 * mail client's reply, In-Reply-To the received Message-ID, put into the dovecot mailbox) → the
 * server's IMAP poll marks the lead replied, its step 2 leaves the queue and never reaches the sink
 * → a person opens an email (the tracking pixel from the received message) → the figures move → the
 * other lead unsubscribes on the page its link opens → nothing is left to send and the campaign
 * completes. Also visits /compose, /analytics, /ab-tests and /inboxes. Screenshots land in
 * test-results/screens.
 */
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import type { MessageLog } from "@prospector/contracts";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { type Dovecot, dovecotAvailable, startDovecot } from "../../apps/server/src/features/replies/dovecot.test-server.ts";
import { TOO_FAST_MS } from "../../apps/server/src/features/tracking/tracking.bots.ts";
import { screenPath } from "../results-dir.ts";

const email = `campaigns-${Date.now()}@example.com`;
const password = "Prospect0r!campaigns";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

interface Received {
  to: string[];
  /** The message as a mail client reads it (headers, decoded HTML and text). */
  mail: ParsedMail;
}
const received: Received[] = [];
let sink: SMTPServer;
let sinkPort = 0;
/** The sending inbox's mailbox on the IMAP server: where the leads' replies land. */
const MAILBOX = { user: "sender@e2e.example", password: "imap-e2e-pass" };
let dovecot: Dovecot | undefined;

test.beforeAll(async () => {
  if (!dovecotAvailable()) throw new Error("dovecot is not installed (apt-get install dovecot-imapd; .ci/run does)");
  dovecot = await startDovecot([MAILBOX]);
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
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  sinkPort = (sink.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await Promise.all([sink && new Promise<void>((resolve) => sink.close(() => resolve())), dovecot?.close()]);
});

async function shot(p: Page, name: string) {
  await p.screenshot({ path: screenPath(name), fullPage: true });
}

/**
 * Opens `url` and waits until the page's team socket is in the workspace's room (the server's
 * "connected" frame): the server's pushes reach the page from then on. What changes between a page
 * load's first reads and that frame is pushed to nobody (the page does not read again on connect),
 * so the spec opens the campaign page this way before it causes a change the page must show live.
 */
async function openLive(p: Page, url: string) {
  const connected = p.waitForEvent("websocket", { predicate: (ws) => new URL(ws.url()).pathname === "/ws/team" }).then((ws) =>
    ws.waitForEvent("framereceived", {
      predicate: (frame) => {
        try {
          return (JSON.parse(String(frame.payload)) as { type?: string }).type === "connected";
        } catch {
          return false;
        }
      },
    }),
  );
  await p.goto(url);
  await connected;
}

/** The first link in a received message's HTML part (decoded by mailparser) that matches `pattern`. */
function linkIn(mail: ParsedMail, pattern: RegExp): string | undefined {
  return typeof mail.html === "string" ? mail.html.match(pattern)?.[0] : undefined;
}

test("connect an inbox, launch a two-step sequence, a reply over IMAP stops it, opens and unsubscribes move the figures", async ({
  page: p,
  request,
  browser,
  baseURL,
}) => {
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
  const smtp = form.getByRole("group", { name: "Sending (SMTP)" });
  await smtp.getByLabel("SMTP host").fill("127.0.0.1");
  await smtp.getByLabel("Port").fill(String(sinkPort));
  await smtp.getByLabel("SMTP username").fill("sender");
  await smtp.getByLabel("SMTP password").fill("sink-password");
  await expect(form.getByLabel("Read replies and bounces over IMAP")).toBeChecked();
  const imap = form.getByRole("group", { name: "Receiving (IMAP)" });
  await imap.getByLabel("IMAP host").fill("127.0.0.1");
  await imap.getByLabel("Port").fill(String(dovecot!.port));
  await imap.getByLabel("TLS from the start").uncheck();
  await imap.getByLabel("IMAP username").fill(MAILBOX.user);
  await imap.getByLabel("IMAP password").fill(MAILBOX.password);
  // The local sink and dovecot speak no TLS: plain connections must be allowed explicitly.
  await form.getByLabel("Allow unencrypted connections").check();
  await expect(form.getByText(/the password and every email travel unencrypted/)).toBeVisible();
  await form.getByLabel("Minimum gap (seconds)").fill("0");
  await shot(p, "inbox-form");
  await form.getByRole("button", { name: "Save and test" }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const card = p.getByRole("article", { name: "sender@e2e.example" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Healthy")).toBeVisible();
  await expect(card.getByText(`IMAP 127.0.0.1:${dovecot!.port}`)).toBeVisible();
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
  // A follow-up two days later: what a reply must stop.
  await p.getByRole("button", { name: "Add follow-up step" }).click();
  const step2 = p.getByRole("group", { name: "Step 2" });
  await step2.getByLabel("Wait (days after the previous step)").fill("2");
  await step2.getByLabel("Subject").fill("Following up, {{ first_name }}");
  await step2.getByLabel("Body").fill("Hi {{ first_name }},\n\nDid my last note reach you?\n\nUnsubscribe: {{ unsubscribe_url }}");
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
  await expect(review.getByText(/4 emails to send/)).toBeVisible();
  await shot(p, "wizard-review");
  await review.getByRole("button", { name: "Launch campaign" }).click();

  // The campaign page, and the first emails at the sink within seconds of the launch.
  await expect(p).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(p.getByRole("heading", { name: "E2E founders", exact: true })).toBeVisible();
  const campaignUrl = p.url();
  await expect.poll(() => received.length, { timeout: 60_000, message: "emails at the SMTP sink" }).toBe(2);
  expect(received.flatMap((r) => r.to).sort()).toEqual(["ada@analytical.example", "grace@compilers.example"]);
  const ada = received.find((r) => r.to.includes("ada@analytical.example"))!.mail;
  expect(ada.subject).toBe("Quick question, Ada");
  expect(ada.headerLines.map((h) => h.key)).toContain("list-unsubscribe");
  const pixel = linkIn(ada, /https?:\/\/[^"'\s<>]+\/t\/o\/[^"'\s<>]+\.gif/);
  expect(pixel, "open pixel in the received email").toBeTruthy();
  const adaMessageId = ada.messageId;
  expect(adaMessageId, "Message-ID of the received email").toMatch(/^<[^<>\s]+>$/);

  // A message's sent mark is written just after the sink's answer, and nothing is pushed for it: the
  // page the launch opened may have read the leads while both were on the wire. Once the server's
  // log has both marks, the page is opened again, live for Ada's reply below.
  const campaignId = campaignUrl.split("/").pop();
  const messageLog = async () => {
    const res = await request.get(`/api/campaigns/${campaignId}/messages`, { headers: auth });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as MessageLog;
  };
  await expect
    .poll(async () => (await messageLog()).messages.filter((m) => m.sent_at !== null).length, { message: "sent marks of both emails" })
    .toBe(2);
  await openLive(p, campaignUrl);
  await expect(p.getByRole("heading", { name: "E2E founders", exact: true })).toBeVisible();

  // Both leads wait for step 2.
  const queue = p.getByRole("table", { name: "Queued messages" });
  const queued = (who: string) => queue.getByRole("row").filter({ hasText: who });
  await expect(queued("ada@analytical.example")).toHaveCount(1);
  await expect(queued("grace@compilers.example")).toHaveCount(1);
  const leadTable = p.getByRole("table", { name: "Campaign leads" });
  const leadRow = (who: string) => leadTable.getByRole("row").filter({ hasText: who });
  await expect(leadRow("ada@analytical.example").getByText("In sequence", { exact: true })).toBeVisible();
  await shot(p, "campaign-sent");

  // Ada answers from her mail client: the reply lands in the sending inbox's IMAP mailbox.
  await dovecot!.append(
    MAILBOX.user,
    MAILBOX.password,
    [
      "From: Ada Lovelace <ada@analytical.example>",
      "To: Cara from E2E <sender@e2e.example>",
      "Subject: Re: Quick question, Ada",
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <reply-${Date.now()}@analytical.example>`,
      `In-Reply-To: ${adaMessageId}`,
      `References: ${adaMessageId}`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      "Hi Cara,",
      "",
      "We book them by hand today. Happy to talk on Tuesday.",
      "",
      "Ada",
      "",
      `On ${(ada.date ?? new Date()).toUTCString()}, Cara from E2E <sender@e2e.example> wrote:`,
      "> Hi Ada,",
      "> How does Analytical Engines book demos today?",
      "",
    ].join("\r\n"),
  );

  // The server's IMAP poll reads it: Ada is replied, her step 2 leaves the queue; Grace still waits.
  await expect(leadRow("ada@analytical.example").getByText("Replied", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(queued("ada@analytical.example")).toHaveCount(0);
  await expect(queued("grace@compilers.example")).toHaveCount(1);
  await expect(leadRow("grace@compilers.example").getByText("In sequence", { exact: true })).toBeVisible();

  // A person opens it (a desktop browser, later than a scanner would): an open within TOO_FAST_MS
  // of the server's send time counts as a bot, so wait until the message log's sent_at is that old.
  const sentAt = Date.parse((await messageLog()).messages.find((m) => m.lead?.email === "ada@analytical.example")?.sent_at ?? "");
  expect(sentAt, "the server's send time of Ada's email").toBeGreaterThan(0);
  await expect
    .poll(() => Date.now() - sentAt, { message: "past the bot window after sending", timeout: TOO_FAST_MS + 5_000, intervals: [250] })
    .toBeGreaterThanOrEqual(TOO_FAST_MS);
  const open = await request.get(pixel!.replace(/^https?:\/\/[^/]+/, ""), { headers: { "User-Agent": DESKTOP_UA } });
  expect(open.status()).toBe(200);
  expect(open.headers()["content-type"]).toContain("image/gif");

  await p.getByRole("button", { name: "Refresh figures" }).click();
  const sent = p.getByRole("group", { name: "Sent" });
  await expect(sent.getByText("2", { exact: true })).toBeVisible({ timeout: 15_000 });
  const replies = p.getByRole("group", { name: "Replies" });
  await expect(replies.getByText("1", { exact: true })).toBeVisible({ timeout: 15_000 });
  const opens = p.getByRole("group", { name: "Opens" });
  await expect(opens.getByText("1", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(opens.getByText(/1 human, 0 bot/)).toBeVisible();
  await shot(p, "campaign-detail");
  // The inbox kept reading without an error.
  await p.getByRole("link", { name: "Inboxes" }).first().click();
  await expect(card.getByText(`IMAP 127.0.0.1:${dovecot!.port}`)).toBeVisible();
  await expect(card.getByText(/^IMAP: /)).toHaveCount(0);

  // Grace unsubscribes, in her own browser, on the page her email's link opens, while the campaign
  // page is open (live): it shows her unsubscribed and nothing left to send.
  const grace = received.find((r) => r.to.includes("grace@compilers.example"))!.mail;
  const unsubscribe = linkIn(grace, /https?:\/\/[^"'\s<>]+\/u\/[^"'\s<>]+/);
  expect(unsubscribe, "unsubscribe link in the received email").toBeTruthy();
  await openLive(p, campaignUrl);
  await expect(p.getByRole("heading", { name: "E2E founders", exact: true })).toBeVisible();
  const graceBrowser = await browser.newContext({ baseURL });
  try {
    const g = await graceBrowser.newPage();
    await g.goto(unsubscribe!.replace(/^https?:\/\/[^/]+/, ""));
    await g.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(g.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  } finally {
    await graceBrowser.close();
  }
  await expect(leadRow("grace@compilers.example").getByText("Unsubscribed", { exact: true })).toBeVisible();
  await expect(p.getByText("Nothing is waiting to be sent.")).toBeVisible();
  await p.getByRole("button", { name: "Refresh figures" }).click();
  await expect(p.getByRole("group", { name: "Unsubscribes" }).getByText("1", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(replies.getByText("1", { exact: true })).toBeVisible();
  // Nobody is left in the sequence: the sender's next tick completes the campaign, and the open
  // page hears it over the team socket (no reload).
  await expect(p.getByText("Completed", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(p.getByText("Every lead has finished the sequence: campaign completed")).toBeVisible();
  await shot(p, "campaign-finished");

  // Every lead left the sequence (one replied, one unsubscribed): the list shows it completed, and
  // no step 2 ever went out.
  await p.goto("/campaigns");
  await expect(p.getByRole("row").filter({ hasText: "E2E founders" }).getByText("Completed")).toBeVisible({ timeout: 20_000 });
  await shot(p, "campaigns-list");
  expect(received.map((r) => r.mail.subject).sort()).toEqual(["Quick question, Ada", "Quick question, Grace"]);
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
