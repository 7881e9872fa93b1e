import { describe, expect, it } from "vitest";
import { parseInviteList } from "./bulk-invite.ts";

describe("parseInviteList", () => {
  it("splits on lines, commas and semicolons, reduces Name <address> and keeps repeats once", () => {
    const parsed = parseInviteList("ada@example.com, Bob <bob@example.com>\n\n ada@EXAMPLE.com ; not-an-address\n");
    expect(parsed.emails).toEqual(["ada@example.com", "bob@example.com", "not-an-address"]);
    expect(parsed.duplicates).toEqual(["ada@EXAMPLE.com"]);
    expect(parsed.problem).toBeNull();
  });

  it("refuses an empty list and one longer than the bulk limit", () => {
    expect(parseInviteList(" \n , ").problem).toBe("Paste at least one email address");
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@example.com`).join("\n");
    expect(parseInviteList(many).problem).toMatch(/At most 100 addresses at once \(this list has 101\)/);
  });
});
