import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reconnectDelay, TeamSocket, teamSocketUrl } from "./socket.ts";

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.instances.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
});
afterEach(() => vi.useRealTimers());

function connect() {
  const socket = new TeamSocket({ url: "ws://h/ws/team", WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
  socket.connect();
  return socket;
}

describe("TeamSocket", () => {
  it("builds the URL without the token", () => {
    expect(teamSocketUrl({ protocol: "https:", host: "x.io" })).toBe("wss://x.io/ws/team");
    expect(teamSocketUrl({ protocol: "http:", host: "localhost:8000" })).toBe("ws://localhost:8000/ws/team");
  });

  it("sends the token as the first frame of every connection, before the queued messages", () => {
    const socket = new TeamSocket({ url: "ws://h/ws/team", token: "s3cret", WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
    socket.connect();
    socket.send("workspace.join", { workspace_id: "w" });
    latest().open();
    expect(latest().url).toBe("ws://h/ws/team");
    expect(latest().sent.map((f) => JSON.parse(f).type)).toEqual(["auth", "workspace.join"]);
    expect(JSON.parse(latest().sent[0]!)).toEqual({ type: "auth", payload: { token: "s3cret" } });
    latest().drop();
    vi.advanceTimersByTime(5_000);
    latest().open();
    expect(latest().sent).toEqual([JSON.stringify({ type: "auth", payload: { token: "s3cret" } })]);
  });

  it("pings every 30 s and delivers events to subscribers", () => {
    const socket = connect();
    const got: unknown[] = [];
    socket.on("notification.created", (p) => got.push(p));
    latest().open();
    vi.advanceTimersByTime(30_000);
    expect(latest().sent).toEqual([JSON.stringify({ type: "ping", payload: {} })]);
    latest().onmessage?.({ data: JSON.stringify({ type: "notification.created", payload: { id: 1 } }) });
    latest().onmessage?.({ data: "not json" });
    expect(got).toEqual([{ id: 1 }]);
  });

  it("queues up to 100 messages while offline and sends them on connect", () => {
    const socket = connect();
    for (let i = 0; i < 105; i++) socket.send("presence.update", { i });
    expect(socket.queuedCount()).toBe(100);
    latest().open();
    expect(latest().sent).toHaveLength(100);
    expect(JSON.parse(latest().sent[0]!).payload.i).toBe(5);
  });

  it("reconnects after 5 s growing by 1.5 up to 30 s, at most 10 times", () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => reconnectDelay(n))).toEqual([5000, 7500, 11250, 16875, 25312.5, 30000]);
    const socket = connect();
    for (let attempt = 0; attempt < 10; attempt++) {
      const before = FakeSocket.instances.length;
      latest().drop();
      vi.advanceTimersByTime(reconnectDelay(attempt) - 1);
      expect(FakeSocket.instances.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances.length).toBe(before + 1);
    }
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(11);
    expect(socket.status).toBe("failed");
  });

  it("does not retry a refused token or a suspended membership, but does retry after a rate limit", () => {
    for (const code of [4401, 4403]) {
      FakeSocket.instances = [];
      const socket = connect();
      latest().drop(code);
      vi.advanceTimersByTime(60_000);
      expect(FakeSocket.instances).toHaveLength(1);
      expect(socket.status).toBe("failed");
    }
    FakeSocket.instances = [];
    const socket = connect();
    latest().drop(4429);
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(socket.status).toBe("reconnecting");
  });
});
