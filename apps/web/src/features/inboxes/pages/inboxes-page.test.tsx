import type { InboxCreate } from "@prospector/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inbox, ME, mockServer, type Reply, type Request, renderSignedIn, uuid } from "../../../test/kit.ts";
import InboxesPage from "./inboxes-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const local = inbox({
  id: uuid(501),
  kind: "local",
  delivers: false,
  email: "mailbox@prospector.local",
  from_name: "",
  smtp: null,
  imap: null,
});
const sales = inbox({ id: uuid(502) });

/** The server's answer to POST /api/inboxes: the inbox as sent, with the passwords kept server-side. */
const created =
  (id: string) =>
  ({ body }: Request): Reply => {
    const { smtp, imap, warmup, ...fields } = body as InboxCreate;
    const side = ({ password, ...server }: NonNullable<InboxCreate["smtp"]>) => ({
      ...server,
      username: server.username ?? fields.email,
      has_password: Boolean(password),
    });
    const base = inbox();
    return {
      status: 201,
      body: inbox({
        id,
        ...fields,
        smtp: smtp ? side(smtp) : base.smtp,
        imap: imap ? side(imap) : null,
        warmup: { ...base.warmup, ...warmup },
      }),
    };
  };

describe("/inboxes", () => {
  it("lists health per inbox and labels the local mailbox as reaching nobody", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/inboxes": { body: { inboxes: [local, sales], total: 2 } } });
    renderSignedIn(<InboxesPage />, { path: "/inboxes" });
    const card = await screen.findByRole("article", { name: "sales@acme.example" });
    expect(within(card).getByText("Sent today: 12 / 30")).toBeTruthy();
    expect(within(card).getByText("Bounce rate: 2.5% (2 of the last 80 sends)")).toBeTruthy();
    expect(within(card).getByText("Healthy")).toBeTruthy();
    const mailbox = screen.getByRole("article", { name: "mailbox@prospector.local" });
    expect(within(mailbox).getByText(/Local test mailbox: emails stay in this app and reach nobody/)).toBeTruthy();
    expect(within(mailbox).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("does not send an incomplete inbox, then saves and shows which side of the connection test failed", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/inboxes": { body: { inboxes: [], total: 0 } },
      "POST /api/inboxes": created(uuid(503)),
      [`POST /api/inboxes/${uuid(503)}/test`]: {
        body: {
          ok: false,
          smtp: { ok: true, message: "Logged in", duration_ms: 40 },
          imap: { ok: false, message: "Authentication failed", duration_ms: 55 },
        },
      },
    });
    renderSignedIn(<InboxesPage />, { path: "/inboxes" });
    await userEvent.click((await screen.findAllByRole("button", { name: "Connect inbox" }))[0]!);
    const dialog = screen.getByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save and test" }));
    expect(within(dialog).getByText("Enter a valid email address")).toBeTruthy();
    expect(within(dialog).getAllByText("Enter the server's host name")).toHaveLength(2);
    expect(s.to("POST", "/api/inboxes")).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Email address/), "sales@acme.example");
    await userEvent.type(within(dialog).getByLabelText("SMTP host"), "smtp.acme.example");
    await userEvent.type(within(dialog).getByLabelText("SMTP password"), "pw");
    await userEvent.type(within(dialog).getByLabelText("IMAP host"), "imap.acme.example");
    await userEvent.type(within(dialog).getByLabelText("IMAP password"), "pw");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save and test" }));
    const result = await within(dialog).findByRole("status", { name: "Connection test" });
    expect(within(result).getByText("Connection failed")).toBeTruthy();
    expect(within(result).getByText("IMAP: failed — Authentication failed (55 ms)")).toBeTruthy();
    expect(s.to("POST", "/api/inboxes")[0]!.body).toMatchObject({
      email: "sales@acme.example",
      smtp: { host: "smtp.acme.example", port: 587, secure: false, password: "pw" },
      imap: { host: "imap.acme.example", port: 993, secure: true },
    });
  });

  it("sends no password in clear unless plain connections are switched on, with a warning", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/inboxes": { body: { inboxes: [], total: 0 } },
      "POST /api/inboxes": created(uuid(504)),
      [`POST /api/inboxes/${uuid(504)}/test`]: {
        body: { ok: true, smtp: { ok: true, message: "Connected", duration_ms: 10 }, imap: null },
      },
    });
    renderSignedIn(<InboxesPage />, { path: "/inboxes" });
    await userEvent.click((await screen.findAllByRole("button", { name: "Connect inbox" }))[0]!);
    const dialog = screen.getByRole("dialog");
    const plain = within(dialog).getByLabelText("Allow unencrypted connections");
    expect((plain as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByText(/must switch to TLS \(STARTTLS\) before signing in/)).toBeTruthy();
    await userEvent.click(plain);
    expect(within(dialog).getByText(/the password and every email travel unencrypted/)).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/Email address/), "relay@acme.example");
    await userEvent.type(within(dialog).getByLabelText("SMTP host"), "relay.acme.internal");
    await userEvent.type(within(dialog).getByLabelText("SMTP password"), "pw");
    await userEvent.click(within(dialog).getByLabelText("Read replies and bounces over IMAP"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save and test" }));
    await vi.waitFor(() => expect(s.to("POST", "/api/inboxes")).toHaveLength(1));
    expect(s.to("POST", "/api/inboxes")[0]!.body).toMatchObject({ allow_plaintext: true, imap: null });
  });

  it("hides the plain-connection switch when every side uses TLS from the start", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/inboxes": { body: { inboxes: [], total: 0 } } });
    renderSignedIn(<InboxesPage />, { path: "/inboxes" });
    await userEvent.click((await screen.findAllByRole("button", { name: "Connect inbox" }))[0]!);
    const dialog = screen.getByRole("dialog");
    const smtp = within(dialog).getByRole("group", { name: "Sending (SMTP)" });
    await userEvent.click(within(smtp).getByLabelText("TLS from the start"));
    expect(within(dialog).queryByLabelText("Allow unencrypted connections")).toBeNull();
  });
});
