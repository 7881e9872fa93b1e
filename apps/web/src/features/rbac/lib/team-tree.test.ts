import { describe, expect, it } from "vitest";
import { allowedParents, treeRows } from "./team-tree.ts";

const t = (id: string, parent_id: string | null = null) => ({ id, name: id, parent_id });

describe("team tree", () => {
  const teams = [t("sales"), t("emea", "sales"), t("paris", "emea"), t("support"), t("loop-a", "loop-b"), t("loop-b", "loop-a")];

  it("lists teams depth first with their depth, and keeps teams caught in a loop visible", () => {
    expect(treeRows(teams).map((r) => `${r.depth}:${r.team.id}`)).toEqual([
      "0:sales",
      "1:emea",
      "2:paris",
      "0:support",
      "0:loop-a",
      "0:loop-b",
    ]);
  });

  it("never offers a team itself or one of its sub-teams as its parent", () => {
    expect(allowedParents(teams, "sales").map((x) => x.id)).toEqual(["support", "loop-a", "loop-b"]);
    expect(allowedParents(teams, "emea").map((x) => x.id)).toEqual(["sales", "support", "loop-a", "loop-b"]);
    expect(allowedParents(teams, null)).toHaveLength(teams.length);
  });
});
