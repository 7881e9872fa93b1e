import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { auditCsvRows } from "./access.service.ts";
import { accessAudit } from "./access.table.ts";
import { accessWorkspace, RBAC } from "./access.test-helpers.ts";

const DAY_MS = 86_400_000;
const today = new Date();
const BASE = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 10, 12);
const iso = (d: number, hour = 12) => new Date(BASE + d * DAY_MS + (hour - 12) * 3_600_000).toISOString();

describe("Access audit: filters and CSV export", () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    ({ t, admin, viewer, outsider } = await accessWorkspace(["viewer", "outsider"]));
    // Days 1–4 of the last ten: inside the 90-day retention, which the audit writer's timer applies
    // at any moment (fixed dates in January were purged whenever that timer ran before the queries).
    const day = (d: number) => new Date(BASE + d * DAY_MS);
    await t.database.db.insert(accessAudit).values([
      {
        workspaceId: admin.workspaceId,
        userId: viewer.id,
        event: "access_denied",
        resource: "leads",
        action: "create",
        result: "denied",
        reason: "No matching permissions found",
        createdAt: day(1),
      },
      {
        workspaceId: admin.workspaceId,
        userId: viewer.id,
        event: "access_denied",
        resource: "settings",
        action: "read",
        result: "denied",
        reason: "No matching permissions found",
        createdAt: day(2),
      },
      {
        workspaceId: admin.workspaceId,
        userId: admin.id,
        event: "role_assigned",
        resource: "role",
        action: "assign",
        result: "ok",
        reason: "Viewer → Manager",
        createdAt: day(3),
      },
      {
        workspaceId: admin.workspaceId,
        userId: viewer.id,
        event: "access_check",
        resource: "leads",
        action: "read",
        result: "allowed",
        reason: '=HYPERLINK("http://evil","x")',
        source: "client",
        detail: { note: "+cmd" },
        createdAt: day(4),
      },
      {
        workspaceId: outsider.workspaceId,
        userId: outsider.id,
        event: "access_denied",
        resource: "leads",
        action: "create",
        result: "denied",
        reason: "theirs",
        createdAt: day(2),
      },
    ]);
  });
  afterAll(() => t.close());

  const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.headers });
  const total = async (query: string) => (await get(admin, `${RBAC}/audit/logs?${query}`)).json().total;

  it("filters by user, event, result, resource, source and date range within the workspace", async () => {
    expect(await total("")).toBe(4);
    expect(await total(`user_id=${viewer.id}`)).toBe(3);
    expect(await total("event=access_denied")).toBe(2);
    expect(await total("result=denied&resource=leads")).toBe(1);
    expect(await total("source=client")).toBe(1);
    expect(await total(`from=${encodeURIComponent(iso(2, 0))}&to=${encodeURIComponent(iso(3))}`)).toBe(2);
    const bad = await get(admin, `${RBAC}/audit/logs?from=yesterday`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("from");
  });

  it("exports the filtered log as CSV, newest first, with formulas neutralised", async () => {
    const res = await get(admin, `${RBAC}/audit/logs.csv?user_id=${viewer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="access-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([
      "created_at",
      "user_id",
      "event",
      "resource",
      "action",
      "resource_id",
      "result",
      "reason",
      "source",
      "detail",
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([iso(4), iso(2), iso(1)]);
    expect(rows[1]?.[7]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(rows[1]?.[9]).toBe('{"note":"+cmd"}');
    expect(res.body).not.toContain("theirs");
  });

  it("stops at the row cap and needs audit:read", async () => {
    const auth = { userId: admin.id, workspaceId: admin.workspaceId, organizationId: admin.organizationId } as AuthContext;
    const rows: string[][] = [];
    for await (const r of auditCsvRows(t.app.ctx, auth, {}, 2)) rows.push(r);
    expect(rows).toHaveLength(3);
    const denied = await get(viewer, `${RBAC}/audit/logs.csv`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("audit:read");
  });
});
