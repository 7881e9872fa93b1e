/**
 * What the error tracker uploads from a page whose URL carries a reset or verification token,
 * received by a real listening server as the API would receive it.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorTracker } from "./error-tracker.ts";
import { ApiError } from "./errors.ts";

describe("error tracker uploads", () => {
  let server: Server;
  let endpoint: string;
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        bodies.push(body);
        res.writeHead(201, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/errors/report`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("strips token values from the page URL, the request URL, the message, the stack and the context", async () => {
    window.history.replaceState({}, "", "/reset-password?token=reset-tok-1&email=ann%40example.com#frag-tok-2");
    const tracker = new ErrorTracker();
    tracker.setSender(async (report) => {
      const res = await fetch(endpoint, { method: "POST", body: JSON.stringify(report), headers: { "content-type": "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    });

    const crash = new Error("Could not load /api/auth/verify-email?token=verify-tok-3");
    crash.stack = "Error: boom\n    at https://app.example/verify-email?token=verify-tok-4:1:1";
    tracker.trackException(crash, { component: "ResetPasswordPage", href: "https://app.example/sso/complete?code=sso-code-5" });
    tracker.trackApiError(
      new ApiError({
        type: "server",
        message: "Server error",
        status: 500,
        retryable: true,
        url: "/api/auth/reset-password?token=reset-tok-6",
      }),
    );
    // The first report started a flush that sends the second too.
    await vi.waitFor(() => expect(bodies).toHaveLength(2), { timeout: 10_000 });
    expect(tracker.pendingCount()).toBe(0);
    const wire = bodies.join("\n");
    for (const secret of ["reset-tok-1", "ann%40example.com", "frag-tok-2", "verify-tok-3", "verify-tok-4", "sso-code-5", "reset-tok-6"]) {
      expect(wire).not.toContain(secret);
    }
    const [first, second] = bodies.map((b) => JSON.parse(b));
    expect(first.url).toBe(`${window.location.origin}/reset-password?token=[redacted]&email=[redacted]`);
    expect(first.message).toBe("Could not load /api/auth/verify-email?token=[redacted]");
    expect(first.context).toEqual({ component: "ResetPasswordPage", href: "https://app.example/sso/complete?code=[redacted]" });
    expect(second.context.request).toBe("/api/auth/reset-password?token=[redacted]");
    // What the tracker keeps for the session is the same redacted report.
    expect(JSON.stringify(tracker.recent())).not.toContain("reset-tok-1");
  });
});
