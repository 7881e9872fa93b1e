/**
 * A user whose inbox sends from a domain without DMARC sees the DMARC check fail on /deliverability
 * with the exact record to add, publishes it at "their DNS host" (the e2e server's DNS answers from
 * a zone file: dns-zone.ts), presses Re-check and sees the check turn green. Screenshots land in
 * test-results/screens/deliverability-*.png.
 */
import { expect, type Page, test } from "@playwright/test";
import { publish } from "../dns-zone.ts";
import { screenPath } from "../results-dir.ts";

const password = "Prospect0r!deliver";
const domain = `dmarc-${Date.now().toString(36)}.test`;

const shot = (p: Page, name: string) => p.screenshot({ path: screenPath(`deliverability-${name}`), fullPage: true });

test("a missing DMARC record is shown with the record to add, published, re-checked and green", async ({ page: p, request }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  p.on("console", (m) => {
    if (m.type() === "error") errors.push(`${p.url()}: ${m.text()}`);
  });
  p.on("pageerror", (e) => errors.push(`${p.url()}: ${e.message}`));
  await p.emulateMedia({ reducedMotion: "reduce" });
  await p.setViewportSize({ width: 1440, height: 900 });

  // The domain as its owner has it: SPF, a DKIM key and MX, but no DMARC yet.
  publish({
    [domain]: { txt: ["v=spf1 ip4:127.0.0.1 -all"], mx: [{ preference: 10, exchange: `mx.${domain}` }] },
    [`selector1._domainkey.${domain}`]: { txt: ["v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC"] },
  });

  await p.goto("/sign-up");
  await p.getByLabel("Full name").fill("Dora Deliverability");
  await p.getByLabel("Work email").fill(`dora-${Date.now()}@example.com`);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByRole("button", { name: "Create Account" }).click();
  await expect(p).toHaveURL(/\/dashboard$/);

  const token = await p.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  expect(token, "bearer token after sign-up").toBeTruthy();
  const inbox = await request.post("/api/inboxes", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      email: `sales@${domain}`,
      from_name: "Dora",
      smtp: { host: "127.0.0.1", port: 2525, secure: false, username: "sales", password: "not-used-here" },
      imap: null,
      allow_plaintext: true,
    },
  });
  expect(inbox.status(), await inbox.text()).toBe(201);

  // The first view answers from the (empty) cache and checks in the background.
  await p.goto("/deliverability");
  await expect(p.getByRole("heading", { name: "Will my mail reach the inbox, and what must I fix?" })).toBeVisible();
  const card = p.getByRole("region", { name: `Domain ${domain}` });
  const dmarc = card.getByLabel("DMARC check");
  await expect(dmarc.getByText("Fail", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByLabel("SPF check").getByText("Pass", { exact: true })).toBeVisible();
  await expect(card.getByLabel("DKIM check").getByText("Pass", { exact: true })).toBeVisible();
  await expect(card.getByLabel("MX check").getByText("Pass", { exact: true })).toBeVisible();
  const fix = dmarc.getByTestId("fix-record");
  await expect(fix.getByText(`_dmarc.${domain}`)).toBeVisible();
  const record = `v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@${domain}; adkim=r; aspf=r; pct=100`;
  await expect(fix.getByText(record)).toBeVisible();
  await expect(card.getByText(/checked (just now|\d+ min ago)/)).toBeVisible();
  await shot(p, "dmarc-missing");

  // The user publishes exactly the record shown, then asks again.
  publish({ [`_dmarc.${domain}`]: { txt: [record] } });
  await p.getByRole("button", { name: "Re-check" }).click();
  await expect(dmarc.getByText("Pass", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dmarc.getByText(`Found: ${record}`)).toBeVisible();
  await expect(dmarc.getByTestId("fix-record")).toHaveCount(0);
  await expect(p.getByRole("button", { name: "Re-check" })).toBeEnabled();
  await shot(p, "dmarc-green");

  // Phone width: the same page, nothing cut off.
  await p.setViewportSize({ width: 390, height: 844 });
  await shot(p, "phone");
  await p.setViewportSize({ width: 1440, height: 900 });

  // The enhanced page: blocklist answers for the same domain.
  await p.getByRole("link", { name: "Blocklists, trends and headers" }).click();
  await expect(p).toHaveURL(/\/deliverability\/enhanced$/);
  await expect(
    p.getByRole("region", { name: `Blocklists for ${domain}` }).getByText("Not listed on zen.spamhaus.org (127.0.0.1)."),
  ).toBeVisible();
  await expect(p.getByRole("table", { name: `Check history for ${domain}` })).toBeVisible();
  await p
    .getByLabel("Message headers")
    .fill(
      `Authentication-Results: mx.example.net; spf=pass smtp.mailfrom=sales@${domain}; dkim=pass header.d=${domain}; dmarc=pass header.from=${domain}\nFrom: Dora <sales@${domain}>\nSubject: test`,
    );
  await p.getByRole("button", { name: "Explain these headers" }).click();
  await expect(p.getByRole("table", { name: "Authentication results" })).toBeVisible();
  await shot(p, "enhanced");
  expect(errors).toEqual([]);
});
