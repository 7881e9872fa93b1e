import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockServer, renderPage } from "../../../test/kit.ts";
import ForgotPasswordPage from "./forgot-password-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const show = () => renderPage(<ForgotPasswordPage />, { path: "/forgot-password" });

describe("forgot-password page", () => {
  it("validates the email, revalidates on change and disables the button while an error shows", async () => {
    const api = mockServer({});
    const user = userEvent.setup();
    show();
    const button = screen.getByRole("button", { name: "Send Reset Instructions" });
    await user.click(button);
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);

    const input = screen.getByLabelText(/Email/);
    await user.type(input, "ada");
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    await user.type(input, " x@example.com");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    await user.clear(input);
    await user.type(input, "ada@example.com");
    await waitFor(() => expect(screen.queryByText("Please enter a valid email address")).toBeNull());
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(api.calls).toEqual([]);
  });

  it("sends the request, confirms, and 'Try again' returns to an empty form", async () => {
    const api = mockServer({ "POST /api/auth/request-password-reset": { body: { message: "ok" } } });
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText(/Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Instructions" }));

    expect(await screen.findByRole("heading", { name: "Check Your Email" })).toBeTruthy();
    expect(screen.getByText(/expires in 1 hour/)).toBeTruthy();
    expect(api.calls).toMatchObject([{ method: "POST", path: "/api/auth/request-password-reset", body: { email: "ada@example.com" } }]);
    expect(screen.getByRole("link", { name: /Back to Login/ }).getAttribute("href")).toBe("/login");

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(((await screen.findByLabelText(/Email/)) as HTMLInputElement).value).toBe("");
  });

  it("shows the same confirmation when the request fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    mockServer({ "POST /api/auth/request-password-reset": { status: 500, body: { detail: "boom", code: "INTERNAL" } } });
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText(/Email/), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect(await screen.findByRole("heading", { name: "Check Your Email" })).toBeTruthy();
    expect(screen.queryByText(/boom/)).toBeNull();
  });
});
