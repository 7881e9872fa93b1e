import { describe, expect, it } from "vitest";
import { groupByResource, parsePermissionList, resourceLabel } from "./grants.ts";

describe("grants for people", () => {
  it("groups by resource with the wildcard first and actions sorted", () => {
    const g = (resource: string, action: string) => ({ resource, action, effect: "allow" as const, resource_id: null });
    expect(
      groupByResource([g("leads", "update"), g("*", "read"), g("crm", "read"), g("leads", "create")]).map((x) => [
        x.resource,
        x.grants.map((y) => y.action),
      ]),
    ).toEqual([
      ["*", ["read"]],
      ["crm", ["read"]],
      ["leads", ["create", "update"]],
    ]);
  });

  it("names resources as people read them", () => {
    expect([resourceLabel("*"), resourceLabel("crm"), resourceLabel("ab_tests"), resourceLabel("leads")]).toEqual([
      "Everything",
      "CRM",
      "AB tests",
      "Leads",
    ]);
  });

  it("reads a typed list of permissions, whatever separates them, once each", () => {
    expect(parsePermissionList("Leads:Read, leads:read\ncampaigns:*  exports:create,")).toEqual([
      "leads:read",
      "campaigns:*",
      "exports:create",
    ]);
  });
});
