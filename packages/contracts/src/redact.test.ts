import { describe, expect, it } from "vitest";
import { redactUrl, redactUrlsDeep, redactUrlsInText } from "./redact.ts";

describe("redactUrl", () => {
  it("keeps the path and parameter names, redacts every value and drops the fragment", () => {
    expect(redactUrl("/api/leads")).toBe("/api/leads");
    expect(redactUrl("/api/leads?")).toBe("/api/leads");
    expect(redactUrl("/api/leads?page=2&&q=acme&flag")).toBe("/api/leads?page=[redacted]&q=[redacted]&flag=[redacted]");
    expect(redactUrl("https://app.example/reset-password?token=abc&email=a%40b.c#top")).toBe(
      "https://app.example/reset-password?token=[redacted]&email=[redacted]",
    );
    expect(redactUrl("/sso/complete#access_token=abc")).toBe("/sso/complete");
  });

  it("does not keep a name that could be a token itself", () => {
    expect(redactUrl("/verify-email?eyJhbGciOiJIUzI1NiJ9.c2VjcmV0")).toBe("/verify-email?[redacted]");
    expect(redactUrl("/x?a%20b=1&0f3a9c2e7b1d4f6a8c=1&perPage=2")).toBe("/x?[redacted]&[redacted]&[redacted]");
  });
});

describe("redactUrlsInText", () => {
  it("redacts query values of URLs quoted in messages and stacks, and leaves prose alone", () => {
    expect(redactUrlsInText("GET https://h/api/auth/verify?token=abc123&x=1 failed")).toBe(
      "GET https://h/api/auth/verify?token=[redacted]&x=[redacted] failed",
    );
    expect(redactUrlsInText("at https://h/assets/app.js?v=9:10:5\nat /reset-password#access_token=zz")).toBe(
      "at https://h/assets/app.js?v=[redacted]\nat /reset-password#access_token=[redacted]",
    );
    expect(redactUrlsInText("Why? Because a=b is fine.")).toBe("Why? Because a=b is fine.");
  });

  it("walks report context", () => {
    expect(redactUrlsDeep({ request: "/api/x?token=t", n: 1, list: ["/y?code=c"], nested: { deep: "?k=v" } })).toEqual({
      request: "/api/x?token=[redacted]",
      n: 1,
      list: ["/y?code=[redacted]"],
      nested: { deep: "?k=[redacted]" },
    });
  });
});
