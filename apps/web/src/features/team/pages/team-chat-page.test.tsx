import type { ChatMessage, ChatPage } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TeamSocketProvider } from "../../../lib/use-socket.tsx";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { installFakeSocket } from "../components/presence-fake-socket.ts";
import { TeamChatPage } from "./team-chat-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const ANA = { id: "018f0000-0000-7000-8000-00000000000a", name: "Ana Berg" };
const BEN = { id: "018f0000-0000-7000-8000-00000000000b", name: "Ben Ortiz" };

function message(n: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `018f0000-0000-7000-9000-${String(n).padStart(12, "0")}`,
    workspace_id: ME.workspace.id,
    channel: "general",
    user: ANA,
    body: `Message ${n}`,
    client_id: null,
    created_at: new Date(Date.UTC(2026, 10, 24, 9, n)).toISOString(),
    ...over,
  };
}

function page(items: ChatMessage[], over: Partial<ChatPage> = {}): ChatPage {
  return { items: [...items].reverse(), next_cursor: null, read_marks: [], ...over };
}

function render(routes: Parameters<typeof mockServer>[0]) {
  const server = mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/v1/team/chat/unread": { body: { channels: [], total: 0 } },
    ...routes,
  });
  const sockets = installFakeSocket();
  renderSignedIn(
    <TeamSocketProvider>
      <TeamChatPage />
    </TeamSocketProvider>,
    { path: "/team/chat" },
  );
  return { server, sockets };
}

describe("/team/chat", () => {
  it("says how to start when the channel is empty", async () => {
    render({ "GET /api/v1/team/chat/messages": { body: page([]) } });
    expect(await screen.findByText("No messages yet — say hello to your team")).toBeTruthy();
    expect(screen.getByText("What is my team talking about?")).toBeTruthy();
  });

  it("shows the history oldest first, sends with Enter (Shift+Enter is a new line) and replaces the pending message with the stored one", async () => {
    const { sockets } = render({ "GET /api/v1/team/chat/messages": { body: page([message(1), message(2, { user: BEN })]) } });
    const log = await screen.findByRole("log", { name: "Messages" });
    await waitFor(() =>
      expect(
        within(log)
          .getAllByText(/^Message \d$/)
          .map((n) => n.textContent),
      ).toEqual(["Message 1", "Message 2"]),
    );
    const ws = sockets.latest();
    ws.open();

    const box = screen.getByRole("textbox", { name: "Message #general" });
    await userEvent.type(box, "Hello team{Shift>}{Enter}{/Shift}second line");
    expect(ws.sent("message.send")).toHaveLength(0);
    await userEvent.type(box, "{Enter}");

    const [sent] = ws.sent<{ workspace_id: string; channel: string; body: string; client_id: string }>("message.send");
    expect(sent).toMatchObject({ workspace_id: ME.workspace.id, channel: "general", body: "Hello team\nsecond line" });
    expect((box as HTMLTextAreaElement).value).toBe("");
    const pending = screen.getByTestId("pending-message");
    expect(within(pending).getByText("Sending…")).toBeTruthy();

    ws.emit("message.new", message(3, { user: { id: ME.id, name: ME.full_name }, body: sent!.body, client_id: sent!.client_id }));
    await waitFor(() => expect(screen.queryByTestId("pending-message")).toBeNull());
    expect(within(log).getByText(/Hello team\s+second line/)).toBeTruthy();
  });

  it("offline, a message waits as pending in the socket's queue and goes out when the connection opens", async () => {
    const { sockets } = render({ "GET /api/v1/team/chat/messages": { body: page([message(1)]) } });
    await screen.findByText("Message 1");
    const ws = sockets.latest();
    // Not connected yet: the composer says so, and the message is queued rather than lost.
    expect(screen.getByText(/Offline — reconnecting/)).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Message #general" }), "Written offline{Enter}");
    const pending = screen.getByTestId("pending-message");
    expect(within(pending).getByText("Written offline")).toBeTruthy();
    expect(within(pending).getByText("Waiting for connection — sends when you are back online")).toBeTruthy();
    expect(ws.frames).toHaveLength(0);

    ws.open();
    // The auth frame goes first, then the queue.
    expect(ws.frames[0]?.type).toBe("auth");
    const [sent] = ws.sent<{ body: string; client_id: string }>("message.send");
    expect(sent?.body).toBe("Written offline");
    await waitFor(() => expect(within(screen.getByTestId("pending-message")).getByText("Sending…")).toBeTruthy());
    ws.emit("message.new", message(2, { user: { id: ME.id, name: ME.full_name }, body: "Written offline", client_id: sent!.client_id }));
    await waitFor(() => expect(screen.queryByTestId("pending-message")).toBeNull());
    expect(screen.getByText("Written offline")).toBeTruthy();
  });

  it("a message the server refuses shows as not sent, and Retry sends it over HTTP with the same client id", async () => {
    const { sockets, server } = render({
      "GET /api/v1/team/chat/messages": { body: page([message(1)]) },
      "POST /api/v1/team/chat/messages": (req) => {
        const body = req.body as { body: string; client_id: string; channel: string };
        return { status: 201, body: message(5, { user: { id: ME.id, name: ME.full_name }, body: body.body, client_id: body.client_id }) };
      },
    });
    await screen.findByText("Message 1");
    const ws = sockets.latest();
    ws.open();
    await userEvent.type(screen.getByRole("textbox", { name: "Message #general" }), "Try me{Enter}");
    const [sent] = ws.sent<{ client_id: string }>("message.send");
    ws.emit("error", { message: "Too many messages, slow down", request_type: "message.send" });
    const pending = await screen.findByTestId("pending-message");
    await waitFor(() => expect(within(pending).getByText(/Not sent \(Too many messages, slow down\)/)).toBeTruthy());

    await userEvent.click(within(pending).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByTestId("pending-message")).toBeNull());
    expect(screen.getByText("Try me")).toBeTruthy();
    expect(server.to("POST", "/api/v1/team/chat/messages")[0]?.body).toEqual({
      channel: "general",
      body: "Try me",
      client_id: sent!.client_id,
    });
  });

  it("marks the newest message read when shown and names who has seen it, live", async () => {
    const last = message(2, { user: { id: ME.id, name: ME.full_name } });
    const { sockets } = render({
      "GET /api/v1/team/chat/messages": {
        body: page([message(1), last], {
          read_marks: [
            { channel: "general", user_id: ANA.id, name: ANA.name, last_read_at: last.created_at },
            { channel: "general", user_id: BEN.id, name: BEN.name, last_read_at: message(1).created_at },
          ],
        }),
      },
    });
    const ws = sockets.latest();
    ws.open();
    expect((await screen.findByTestId("seen-by")).textContent).toBe("Seen by Ana Berg");
    await waitFor(() =>
      expect(ws.sent("message.read")).toEqual([{ workspace_id: ME.workspace.id, channel: "general", message_id: last.id }]),
    );

    ws.emit("message.read", {
      workspace_id: ME.workspace.id,
      channel: "general",
      user_id: BEN.id,
      name: BEN.name,
      last_read_at: last.created_at,
    });
    await waitFor(() => expect(screen.getByTestId("seen-by").textContent).toBe("Seen by Ana Berg, Ben Ortiz"));
  });

  it("loads older messages with the page's cursor", async () => {
    const { server } = render({
      "GET /api/v1/team/chat/messages": (req) =>
        req.query.get("before") === "cursor-1"
          ? { body: page([message(1)]) }
          : { body: page([message(2), message(3)], { next_cursor: "cursor-1" }) },
    });
    await screen.findByText("Message 3");
    await userEvent.click(screen.getByRole("button", { name: "Load older messages" }));
    await screen.findByText("Message 1");
    expect(server.to("GET", "/api/v1/team/chat/messages").map((r) => r.query.get("before"))).toEqual([null, "cursor-1"]);
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
  });

  it("lists the channels with unread counts and opens a new one by a valid name", async () => {
    const { server } = render({
      "GET /api/v1/team/chat/unread": {
        body: {
          channels: [
            { channel: "general", unread: 0, last_read_at: null, last_message_at: message(1).created_at },
            { channel: "deals-eu", unread: 3, last_read_at: null, last_message_at: message(2).created_at },
          ],
          total: 3,
        },
      },
      "GET /api/v1/team/chat/messages": (req) => ({ body: page([message(1, { channel: req.query.get("channel") ?? "general" })]) }),
    });
    const channels = await screen.findByRole("navigation", { name: "Channels" });
    expect(await within(channels).findByRole("button", { name: "#deals-eu, 3 unread" })).toBeTruthy();

    await userEvent.click(within(channels).getByRole("button", { name: "New channel" }));
    await userEvent.type(within(channels).getByLabelText("Channel name"), "Bad name!");
    await userEvent.click(within(channels).getByRole("button", { name: "Open" }));
    expect(within(channels).getByText("Lower-case letters, digits, - and _ only")).toBeTruthy();
    await userEvent.clear(within(channels).getByLabelText("Channel name"));
    await userEvent.type(within(channels).getByLabelText("Channel name"), "launch-q4");
    await userEvent.click(within(channels).getByRole("button", { name: "Open" }));

    expect(await screen.findByRole("textbox", { name: "Message #launch-q4" })).toBeTruthy();
    await waitFor(() => expect(server.to("GET", "/api/v1/team/chat/messages").map((r) => r.query.get("channel"))).toContain("launch-q4"));
    expect(within(channels).getByRole("button", { name: "#launch-q4" }).getAttribute("aria-current")).toBe("page");
  });

  it("lists who is online, from the socket's presence", async () => {
    const { sockets } = render({ "GET /api/v1/team/chat/messages": { body: page([]) } });
    const ws = sockets.latest();
    ws.open();
    await waitFor(() => expect(ws.sent("activity.request")).toHaveLength(1));
    const now = new Date().toISOString();
    ws.emit("activity.response", {
      workspace_id: ME.workspace.id,
      users: [
        { user_id: ME.id, name: ME.full_name, status: "online", current_resource: null, last_activity: now },
        { user_id: ANA.id, name: ANA.name, status: "away", current_resource: null, last_activity: now },
      ],
    });
    const online = screen.getByRole("region", { name: "Online now" });
    await waitFor(() => expect(within(online).getByText("Online now (2)")).toBeTruthy());
    expect(within(online).getByText("Ana Berg")).toBeTruthy();
    expect(within(online).getByText("Away")).toBeTruthy();
    // Another workspace's room (a socket may be in several) does not count here.
    ws.emit("team.member_joined", { workspace_id: "other-ws", user_id: BEN.id, name: BEN.name, status: "online" });
    ws.emit("team.member_left", { workspace_id: ME.workspace.id, user_id: ANA.id, name: ANA.name });
    await waitFor(() => expect(within(online).queryByText("Ana Berg")).toBeNull());
    expect(within(online).queryByText("Ben Ortiz")).toBeNull();
    expect(within(online).getByText("Online now (1)")).toBeTruthy();
  });
});
