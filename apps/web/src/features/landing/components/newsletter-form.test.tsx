import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockServer, renderPage } from "../../../test/kit.ts";
import { NewsletterForm } from "./newsletter-form.tsx";

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const input = () => screen.getByLabelText("Email address") as HTMLInputElement;
const submit = () => fireEvent.submit(screen.getByRole("form", { name: "Newsletter" }));

describe("newsletter form", () => {
  it("an empty submit does nothing", async () => {
    const api = mockServer({});
    renderPage(<NewsletterForm />);
    fireEvent.change(input(), { target: { value: "   " } });
    submit();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(api.calls).toEqual([]);
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
  });

  it("stores the address, confirms for 3 seconds and clears the input", async () => {
    const api = mockServer({ "POST /api/newsletter/subscribe": { body: { message: "Subscribed" } } });
    renderPage(<NewsletterForm />);
    fireEvent.change(input(), { target: { value: "ada@example.com" } });
    submit();
    expect(await screen.findByRole("button", { name: "Subscribed!" })).toBeTruthy();
    expect(input().value).toBe("");
    expect(api.calls).toMatchObject([{ method: "POST", path: "/api/newsletter/subscribe", body: { email: "ada@example.com" } }]);

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByRole("button", { name: "Subscribed!" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
  });

  it("shows the server's error and keeps what was typed", async () => {
    mockServer({
      "POST /api/newsletter/subscribe": {
        status: 422,
        body: {
          detail: "Validation failed",
          code: "VALIDATION_FAILED",
          errors: [{ field: "email", message: "Please enter a valid email address" }],
        },
      },
    });
    renderPage(<NewsletterForm />);
    fireEvent.change(input(), { target: { value: "not-an-email" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain("Please enter a valid email address");
    expect(input().value).toBe("not-an-email");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
  });
});
