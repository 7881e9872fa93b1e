import { describe, expect, it } from "vitest";
import { contractFor } from "./contract-routes.ts";
import { campaign, listBody, ME } from "./fixtures.ts";
import { contractProblem } from "./mock-server.ts";

describe("the scripted API's contract check", () => {
  it("accepts what the server sends", () => {
    expect(contractProblem("GET", "/api/auth/me", { body: ME })).toBeNull();
    expect(contractProblem("GET", "/api/campaigns/", { body: listBody([campaign()]) })).toBeNull();
    expect(contractProblem("DELETE", "/api/campaigns/c1", { status: 204 })).toBeNull();
    const denied = { detail: "No", code: "FORBIDDEN", requiredPermission: "campaigns:read" };
    expect(contractProblem("GET", "/api/campaigns/", { status: 403, body: denied })).toBeNull();
  });

  it("refuses a body, a status or an error field the server would not send", () => {
    expect(contractProblem("GET", "/api/auth/me", { body: { ...ME, role: "member" } })).toMatch(/role/);
    expect(contractProblem("POST", "/api/auth/register", { body: {} })).toMatch(/answers 201, not 200/);
    expect(contractProblem("DELETE", "/api/leads/l1", { status: 204, body: { ok: true } })).toMatch(/without a body/);
    const snake = { detail: "No", code: "FORBIDDEN", required_permission: "campaigns:read" };
    expect(contractProblem("GET", "/api/campaigns/", { status: 403, body: snake })).toMatch(/required_permission/);
    expect(contractProblem("GET", "/api/leads/", { status: 400, body: { detail: "x", code: "NOT_A_CODE" } })).toMatch(/ErrorBody/);
    expect(contractProblem("GET", "/api/leads/l1", { status: 400, body: { detail: "x", code: "LEAD_NOT_FOUND" } })).toMatch(/status 404/);
    const campaigns = listBody([{ ...campaign(), owner: "someone" } as ReturnType<typeof campaign>]);
    expect(contractProblem("GET", "/api/campaigns/", { body: campaigns })).toMatch(/campaigns\[0\]\.owner/);
  });

  it("lets through what did not come from the API, and routes it does not know", () => {
    expect(contractProblem("GET", "/api/leads/", { status: 502, body: "Bad gateway", notFromApi: true })).toBeNull();
    expect(contractProblem("GET", "/api/no-such-feature/", { body: { anything: 1 } })).toBeNull();
    // A route the kit knows is checked, however it is spelled.
    expect(contractProblem("GET", "/api/crm/deals/", { body: { anything: 1 } })).toMatch(/crm\/deals/);
  });

  it("matches a literal segment before a parameter", () => {
    expect(contractFor("GET", "/api/leads/count")?.key).toBe("GET /api/leads/count");
    expect(contractFor("GET", "/api/leads/018f/")?.key).toBe("GET /api/leads/:id");
    expect(contractFor("GET", "/api/campaigns/analytics/summary")?.key).toBe("GET /api/campaigns/analytics/summary");
  });
});
