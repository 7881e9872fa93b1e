/**
 * A scripted WebSocket for component tests of the team socket's users (chat, presence, the
 * campaign edit lock): the real TeamSocket client and TeamSocketProvider run on it. Install with
 * `installFakeSocket()` before rendering; `open()` it, read what the page sent with `sent(type)`,
 * answer with `emit(type, payload)`, and `drop()` it to go offline.
 */
import { act } from "@testing-library/react";
import { vi } from "vitest";

export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  readonly url: string;
  readonly frames: Array<{ type: string; payload: unknown }> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.frames.push(JSON.parse(data));
  }

  close(): void {
    this.readyState = 3;
  }

  /** The frames of one type the page sent, oldest first (payloads). */
  sent<P = Record<string, unknown>>(type: string): P[] {
    return this.frames.filter((f) => f.type === type).map((f) => f.payload as P);
  }

  open(): void {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }

  emit(type: string, payload: unknown): void {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, payload }) }));
  }

  /** The connection drops (the client schedules a reconnect). */
  drop(): void {
    act(() => {
      this.readyState = 3;
      this.onclose?.({ code: 1006, reason: "" });
    });
  }
}

/** Replaces the global WebSocket with FakeWebSocket; answers the latest socket the page opened. */
export function installFakeSocket(): { latest: () => FakeWebSocket } {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
  return {
    latest: () => {
      const s = FakeWebSocket.instances.at(-1);
      if (!s) throw new Error("the page opened no team socket");
      return s;
    },
  };
}
