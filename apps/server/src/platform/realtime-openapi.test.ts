/** The OpenAPI document at /docs/json lists the platform routes with the contracts' schemas. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";

describe("OpenAPI document", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves Swagger UI at /docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("swagger");
  });

  it("documents notifications, error reports, mailbox and newsletter with their schemas", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json();
    // biome-ignore lint/suspicious/noExplicitAny: walking an untyped JSON document
    const paths = doc.paths as Record<string, Record<string, any>>;
    const listNotifications = paths["/api/notifications"]?.get;
    expect(listNotifications.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["before", "limit", "unread_only"]);
    expect(Object.keys(listNotifications.responses["200"].content["application/json"].schema.properties).sort()).toEqual([
      "next_cursor",
      "notifications",
      "total",
      "unread_count",
    ]);
    expect(paths["/api/notifications/{id}/read"]?.post).toBeTruthy();
    expect(paths["/api/notifications/read-all"]?.post).toBeTruthy();

    const report = paths["/api/errors/report"]?.post;
    const reportBody = report.requestBody.content["application/json"].schema;
    expect(reportBody.required).toEqual(expect.arrayContaining(["type", "message"]));
    expect(reportBody.properties.type.enum).toEqual(["validation", "network", "server", "permission", "timeout", "unknown"]);
    expect(paths["/api/errors/reports"]?.get.responses["200"]).toBeTruthy();

    expect(paths["/api/mailbox"]?.get.responses["200"].content["application/json"].schema.properties.smtp_configured).toEqual({
      type: "boolean",
    });
    expect(paths["/api/mailbox/{id}"]?.get).toBeTruthy();
    expect(paths["/api/newsletter/subscribe"]?.post.requestBody.content["application/json"].schema.properties.email).toMatchObject({
      format: "email",
    });
    // The socket is not an HTTP operation: it stays out of the document.
    expect(paths["/ws/team"]).toBeUndefined();
  });
});
