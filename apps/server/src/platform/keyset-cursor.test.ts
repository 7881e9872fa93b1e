import { describe, expect, it } from "vitest";
import { badCursor, decodeKeyset, encodeKeyset } from "./keyset-cursor.ts";

describe("keyset cursors", () => {
  it("gives back the value and id it was made from", () => {
    expect(decodeKeyset(encodeKeyset(0.25, "a"))).toEqual([0.25, "a"]);
    expect(decodeKeyset(encodeKeyset("2026-01-02T00:00:00.000Z", "b"))).toEqual(["2026-01-02T00:00:00.000Z", "b"]);
  });

  it("refuses what it did not make", () => {
    expect(decodeKeyset("not-a-cursor")).toBeNull();
    expect(decodeKeyset(Buffer.from("[1]").toString("base64url"))).toBeNull();
    expect(decodeKeyset(Buffer.from("[1, 2]").toString("base64url"))).toBeNull();
    expect(decodeKeyset(Buffer.from('[{"a":1}, "x"]').toString("base64url"))).toBeNull();
  });

  it("answers a 422 that names the cursor field", () => {
    const err = badCursor();
    expect(err.code).toBe("VALIDATION_FAILED");
    expect(err.extra.errors?.map((e) => e.field)).toEqual(["cursor"]);
  });
});
