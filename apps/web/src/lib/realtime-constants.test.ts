import * as contracts from "@prospector/contracts";
import { describe, expect, it } from "vitest";
import * as local from "./realtime-constants.ts";

describe("realtime constants without zod", () => {
  it("match the contract's values", () => {
    expect(local.TEAM_SOCKET_PATH).toBe(contracts.TEAM_SOCKET_PATH);
    expect(local.SOCKET_HEARTBEAT_MS).toBe(contracts.SOCKET_HEARTBEAT_MS);
    expect(local.SOCKET_RECONNECT).toEqual(contracts.SOCKET_RECONNECT);
    expect(local.SOCKET_QUEUE_MAX).toBe(contracts.SOCKET_QUEUE_MAX);
    expect(local.SOCKET_CLOSE).toEqual(contracts.SOCKET_CLOSE);
  });
});
