import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/errors.ts";
import { applyServerError, DEFAULT_PASSWORD_POLICY, emailField, policyChecklist, policyPasswordField } from "./auth-form.ts";

describe("emailField", () => {
  it("requires an address without spaces", () => {
    expect(emailField.safeParse("").error?.issues[0]?.message).toBe("Email is required");
    expect(emailField.safeParse("a b@c.io").error?.issues[0]?.message).toBe("Please enter a valid email address");
    expect(emailField.safeParse("no-at.example").success).toBe(false);
    expect(emailField.parse("  ada@example.com ")).toBe("ada@example.com");
  });
});

describe("policy", () => {
  it("checklist follows the policy and the field rejects what breaks it", () => {
    expect(policyChecklist("abc", DEFAULT_PASSWORD_POLICY).map((i) => i.label)).toEqual([
      "At least 8 characters",
      "Contains lowercase letter",
      "Contains uppercase letter",
      "Contains number",
    ]);
    const field = policyPasswordField(DEFAULT_PASSWORD_POLICY);
    expect(field.safeParse("").error?.issues[0]?.message).toBe("Password is required");
    expect(field.safeParse("abcdefgh").error?.issues[0]?.message).toBe("Password must contain an uppercase letter");
    expect(field.safeParse("Abcdefg1").success).toBe(true);
  });
});

describe("applyServerError", () => {
  it("puts field errors on their fields and returns what is left", () => {
    const setError = vi.fn();
    const error = new ApiError({
      type: "validation",
      message: "x",
      retryable: false,
      detail: "Password does not meet the password policy",
      errors: [
        { field: "new_password", message: "Password must contain a number" },
        { field: "captcha", message: "Captcha failed" },
      ],
    });
    expect(applyServerError(error, setError, ["password"], { new_password: "password" })).toBe("Captcha failed");
    expect(setError).toHaveBeenCalledWith("password", { type: "server", message: "Password must contain a number" });
  });

  it("returns the server's detail when there are no field errors", () => {
    const error = new ApiError({ type: "unknown", message: "Too many", retryable: false, status: 423, detail: "Locked" });
    expect(applyServerError(error, vi.fn(), ["email"])).toBe("Locked");
  });
});
