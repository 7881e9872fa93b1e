import type { ComposeMessage, GeneratedEmail } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inbox, ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import ComposePage from "./compose-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const local = inbox({
  id: uuid(601),
  kind: "local",
  delivers: false,
  label: "Local mailbox (test only, not delivered)",
  smtp: null,
  imap: null,
});
const sales = inbox({ id: uuid(602), label: "Sam Sales <sales@acme.example>" });
const generated: GeneratedEmail = {
  subject: "Faster onboarding at Globex",
  body: "Hi Ana,\n\nShort note.\n\nBest,\nSam",
  source: "template",
  tone: "professional",
  email: "ana@globex.example",
};

function message(over: Partial<ComposeMessage> = {}): ComposeMessage {
  return {
    id: uuid(),
    inbox_id: sales.id,
    from: "Sam Sales <sales@acme.example>",
    to: "ana@globex.example",
    to_name: "Ana Ruiz",
    subject: "Faster onboarding at Globex",
    lead_id: null,
    status: "sent",
    delivered: true,
    error: null,
    message_id: "<x@acme.example>",
    track_opens: true,
    track_clicks: true,
    opens: 0,
    clicks: 0,
    opened_at: null,
    clicked_at: null,
    replied_at: null,
    bounced_at: null,
    sent_by: ME.id,
    created_at: new Date().toISOString(),
    sent_at: new Date().toISOString(),
    ...over,
  };
}

const sentList = (messages: ComposeMessage[]) => ({ messages, total: messages.length, page: 1, per_page: 10, total_pages: 1 });

async function writeEmail() {
  await userEvent.type(await screen.findByLabelText("Name"), "Ana Ruiz");
  await userEvent.type(screen.getByLabelText("Email"), "ana@globex.example");
  await userEvent.click(screen.getByRole("button", { name: "Write email" }));
  return screen.findByRole("form", { name: "Send this email" });
}

describe("/compose sending", () => {
  it("sends the draft from the first ready inbox to the form's address, says so, and lists it under Recently sent", async () => {
    let sent: ComposeMessage[] = [];
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/campaigns/generate-email": { body: generated },
      "GET /api/inboxes": { body: { inboxes: [local, sales], total: 2 } },
      "GET /api/compose/sent": () => ({ body: sentList(sent) }),
      "POST /api/compose/send": (req) => {
        sent = [message({ subject: (req.body as { subject: string }).subject })];
        return { body: sent[0] };
      },
    });
    renderSignedIn(<ComposePage />, { path: "/compose" });
    const recent = await screen.findByRole("region", { name: "Recently sent" });
    expect(await within(recent).findByText("Nothing sent from Compose yet.")).toBeTruthy();

    const form = await writeEmail();
    expect(within(form).getByLabelText("To")).toHaveProperty("value", "ana@globex.example");
    // The delivering inbox is picked over the local mailbox, with its usage today.
    expect(within(form).getByText("Sam Sales <sales@acme.example>")).toBeTruthy();
    expect(within(form).getByText("12 / 30 sent in the last 24 hours")).toBeTruthy();
    await userEvent.clear(screen.getByLabelText("Subject"));
    await userEvent.type(screen.getByLabelText("Subject"), "Quick idea for Globex");
    await userEvent.click(within(form).getByRole("button", { name: "Send" }));

    expect(await screen.findByText("Sent to ana@globex.example from Sam Sales <sales@acme.example>")).toBeTruthy();
    expect(s.to("POST", "/api/compose/send")[0]!.body).toEqual({
      inbox_id: sales.id,
      to: "ana@globex.example",
      to_name: "Ana Ruiz",
      subject: "Quick idea for Globex",
      body: generated.body,
    });
    expect(await within(recent).findByRole("listitem", { name: "Quick idea for Globex to ana@globex.example" })).toBeTruthy();
    expect(within(recent).getByText("Delivered to SMTP")).toBeTruthy();
    expect(within(recent).getByText("0 opens · 0 clicks")).toBeTruthy();
    // The inboxes' sent-today counts are refreshed after a send.
    await waitFor(() => expect(s.to("GET", "/api/inboxes").length).toBeGreaterThan(1));
  });

  it("sends to the local mailbox as 'local' and says nobody receives it", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/campaigns/generate-email": { body: generated },
      "GET /api/inboxes": { body: { inboxes: [local, sales], total: 2 } },
      "GET /api/compose/sent": { body: sentList([]) },
      "POST /api/compose/send": { body: message({ status: "local", delivered: false, inbox_id: local.id }) },
    });
    renderSignedIn(<ComposePage />, { path: "/compose" });
    const form = await writeEmail();
    await userEvent.click(within(form).getByRole("combobox", { name: "From" }));
    await userEvent.click(await screen.findByRole("option", { name: /Local mailbox/ }));
    expect(within(form).getByText(/nobody receives it/)).toBeTruthy();
    await userEvent.click(within(form).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Kept in the local mailbox: ana@globex.example receives nothing")).toBeTruthy();
    expect(s.to("POST", "/api/compose/send")[0]!.body).toMatchObject({ inbox_id: "local" });
  });

  it("shows the server's reason when it refuses or the mail server fails, and checks the address first", async () => {
    let answer: { status?: number; body: unknown } = {
      status: 409,
      body: {
        code: "COMPOSE_RECIPIENT_SUPPRESSED",
        detail: "ana@globex.example is on this workspace's suppression list (unsubscribed): it must not be emailed.",
      },
    };
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/campaigns/generate-email": { body: generated },
      "GET /api/inboxes": { body: { inboxes: [sales], total: 1 } },
      "GET /api/compose/sent": { body: sentList([]) },
      "POST /api/compose/send": () => answer,
    });
    renderSignedIn(<ComposePage />, { path: "/compose" });
    const form = await writeEmail();
    await userEvent.click(within(form).getByRole("button", { name: "Send" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("is on this workspace's suppression list (unsubscribed)");

    answer = { body: message({ status: "failed", delivered: false, error: "421 Too many connections", sent_at: null }) };
    await userEvent.click(within(form).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Not sent: 421 Too many connections")).toBeTruthy();

    await userEvent.clear(within(form).getByLabelText("To"));
    await userEvent.type(within(form).getByLabelText("To"), "not-an-address");
    await userEvent.click(within(form).getByRole("button", { name: "Send" }));
    expect(within(form).getByText("Enter the recipient's email address")).toBeTruthy();
    expect(s.to("POST", "/api/compose/send")).toHaveLength(2);
  });

  it("shows which sends were answered and which bounced back later (read over the inbox's IMAP)", async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/campaigns/generate-email": { body: generated },
      "GET /api/inboxes": { body: { inboxes: [local, sales], total: 2 } },
      "GET /api/compose/sent": {
        body: sentList([
          message({ subject: "Answered", replied_at: minutesAgo(5), opens: 2 }),
          message({
            subject: "Returned",
            to: "gone@globex.example",
            status: "bounced",
            delivered: false,
            bounced_at: minutesAgo(3),
            error: "Bounced: 5.1.1 smtp; 550 5.1.1 User unknown",
          }),
          message({ subject: "Waiting" }),
        ]),
      },
    });
    renderSignedIn(<ComposePage />, { path: "/compose" });
    const recent = await screen.findByRole("region", { name: "Recently sent" });
    const answered = await within(recent).findByRole("listitem", { name: "Answered to ana@globex.example" });
    expect(within(answered).getByText("Replied")).toBeTruthy();
    expect(within(answered).getByText("2 opens · 0 clicks · replied 5 minutes ago")).toBeTruthy();
    const returned = within(recent).getByRole("listitem", { name: "Returned to gone@globex.example" });
    expect(within(returned).getByText("Bounced")).toBeTruthy();
    expect(within(returned).getByText("Bounced: 5.1.1 smtp; 550 5.1.1 User unknown")).toBeTruthy();
    const waiting = within(recent).getByRole("listitem", { name: "Waiting to ana@globex.example" });
    expect(within(waiting).getByText("Delivered to SMTP")).toBeTruthy();
    expect(within(waiting).queryByText("Replied")).toBeNull();
  });

  it("offers no Send to a viewer, who still sees what was sent", async () => {
    mockServer({
      "GET /api/auth/me": { body: { ...ME, role: "viewer", permissions: ["campaigns:read", "leads:read", "analytics:read"] } },
      "POST /api/campaigns/generate-email": { body: generated },
      "GET /api/compose/sent": { body: sentList([message({ status: "bounced", delivered: false, error: "550 5.1.1 No such user" })]) },
    });
    renderSignedIn(<ComposePage />, { path: "/compose" });
    const recent = await screen.findByRole("region", { name: "Recently sent" });
    expect(await within(recent).findByText("550 5.1.1 No such user")).toBeTruthy();
    expect(within(recent).getByText("Bounced")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Name"), "Ana");
    await userEvent.click(screen.getByRole("button", { name: "Write email" }));
    expect(await screen.findByLabelText("Subject")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Send this email" })).toBeNull();
  });

  it("starts from a saved template opened from the LLM console (?subject=&body=)", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/inboxes": { body: { inboxes: [local], total: 1 } },
      "GET /api/compose/sent": { body: sentList([]) },
    });
    renderSignedIn(<ComposePage />, {
      path: "/compose",
      at: "/compose?subject=Hi+%7B%7Bfirst_name%7D%7D&body=About+%7B%7Bcompany_name%7D%7D",
    });
    expect(((await screen.findByLabelText("Subject")) as HTMLInputElement).value).toBe("Hi {{first_name}}");
    expect((screen.getByLabelText("Body") as HTMLTextAreaElement).value).toBe("About {{company_name}}");
  });
});
