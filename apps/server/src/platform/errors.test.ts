import fs from "node:fs";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { AppError, registerErrorHandling } from "./errors.ts";

describe("error handling", () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  // /dev/full refuses every write with ENOSPC, as a full volume does.
  app.get("/full", async () => {
    await fs.promises.writeFile("/dev/full", "x".repeat(1024));
    return { ok: true };
  });
  app.get("/broken", async () => {
    throw new Error("something else");
  });
  // What pg and drizzle throw while PostgreSQL is down or restarting (the faults suite's outage).
  app.get("/db-refused", async () => {
    throw new Error("Failed query: select 1", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
  });
  app.get("/db-shutdown", async () => {
    throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
  });
  app.get("/db-terminated", async () => {
    throw new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") });
  });
  app.get("/refused", async () => {
    throw new AppError("NOT_FOUND", "Lead not found");
  });
  afterAll(() => app.close());

  it.skipIf(!fs.existsSync("/dev/full"))("answers a write refused by a full disk with 507 INSUFFICIENT_STORAGE, not 500", async () => {
    const res = await app.inject({ method: "GET", url: "/full" });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ code: "INSUFFICIENT_STORAGE", detail: expect.stringMatching(/storage space/) });
  });

  it("answers a database out of reach with 503 SERVICE_UNAVAILABLE and Retry-After, not 500", async () => {
    for (const url of ["/db-refused", "/db-shutdown", "/db-terminated"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers["retry-after"], url).toBe("5");
      expect(res.json(), url).toEqual({ code: "SERVICE_UNAVAILABLE", detail: expect.stringMatching(/database is unavailable/) });
    }
  });

  it("keeps other failures a 500 INTERNAL without their message, and AppErrors as they are", async () => {
    const broken = await app.inject({ method: "GET", url: "/broken" });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().code).toBe("INTERNAL");
    expect(broken.body).not.toContain("something else");
    const refused = await app.inject({ method: "GET", url: "/refused" });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: "NOT_FOUND", detail: "Lead not found" });
  });
});
