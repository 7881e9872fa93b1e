import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NotificationProvider, useNotification } from "../notifications/notification-provider.tsx";
import { ToastProvider, useToast } from "./toast-provider.tsx";
import type { ToastApi } from "./toast-types.ts";

let toast: ToastApi;
function Capture() {
  toast = useToast();
  return null;
}

function renderToasts() {
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

const shown = () => screen.queryAllByTestId("toast");
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ToastProvider", () => {
  it.each([
    ["success", 4000],
    ["info", 4000],
    ["warning", 5000],
    ["error", 6000],
  ] as const)("a %s toast leaves after %i ms and a 0.3 s exit", (type, duration) => {
    renderToasts();
    act(() => void toast[type]("Saved"));
    expect(screen.getByText("Saved")).toBeTruthy();
    expect(screen.getByTestId("toast-progress")).toBeTruthy();
    advance(duration - 1);
    expect(shown()).toHaveLength(1);
    advance(1);
    // Leaving: still in the DOM for the 300 ms fade.
    expect(shown()).toHaveLength(1);
    advance(299);
    expect(shown()).toHaveLength(1);
    advance(1);
    expect(shown()).toHaveLength(0);
  });

  it("shows at most five; the sixth waits for a free slot", () => {
    renderToasts();
    act(() => {
      for (let i = 1; i <= 7; i++) toast.show({ message: `Toast ${i}`, persistent: true });
    });
    expect(shown()).toHaveLength(5);
    expect(screen.queryByText("Toast 6")).toBeNull();
    // Dismiss through the close button, as a user would.
    act(() => screen.getAllByRole("button", { name: "Close notification" })[0]!.click());
    advance(300);
    expect(shown()).toHaveLength(5);
    expect(screen.getByText("Toast 6")).toBeTruthy();
  });

  it("persistent and loading toasts stay until dismissed or updated", () => {
    renderToasts();
    let loadingId = "";
    act(() => {
      toast.warning("Keep me", { persistent: true });
      loadingId = toast.loading("Importing…");
    });
    advance(60_000);
    expect(shown()).toHaveLength(2);
    act(() => toast.update(loadingId, { type: "success", message: "Imported 20 leads" }));
    expect(screen.getByText("Imported 20 leads")).toBeTruthy();
    advance(4300);
    expect(screen.queryByText("Imported 20 leads")).toBeNull();
    expect(screen.getByText("Keep me")).toBeTruthy();
  });

  it("promise() turns the loading toast into success or error", async () => {
    renderToasts();
    let resolve!: (v: number) => void;
    const p = new Promise<number>((r) => {
      resolve = r;
    });
    let done!: Promise<number>;
    act(() => {
      done = toast.promise(p, { loading: "Saving…", success: (n) => `Saved ${n} rows`, error: "Could not save" });
    });
    expect(screen.getByText("Saving…")).toBeTruthy();
    await act(async () => {
      resolve(3);
      await done;
    });
    expect(screen.getByText("Saved 3 rows")).toBeTruthy();

    let failed!: Promise<unknown>;
    act(() => {
      failed = toast
        .promise(Promise.reject(new Error("boom")), {
          loading: "Deleting…",
          success: "Deleted",
          error: (e) => `Failed: ${(e as Error).message}`,
        })
        .catch(() => "caught");
    });
    await act(async () => {
      await failed;
    });
    expect(screen.getByText("Failed: boom")).toBeTruthy();
  });

  it("runs the action and undo callbacks and closes the toast", () => {
    renderToasts();
    const undo = vi.fn();
    const retry = vi.fn();
    act(() => void toast.info("Lead deleted", { undoAction: undo, action: { label: "Retry", onClick: retry } }));
    act(() => screen.getByRole("button", { name: "Undo" }).click());
    expect(undo).toHaveBeenCalledOnce();
    advance(300);
    expect(shown()).toHaveLength(0);

    act(() => void toast.error("Import failed", { action: { label: "Retry", onClick: retry } }));
    act(() => screen.getByRole("button", { name: "Retry" }).click());
    expect(retry).toHaveBeenCalledOnce();
    advance(300);
    expect(shown()).toHaveLength(0);
    expect(undo).toHaveBeenCalledOnce();
  });

  it("useToast outside its provider throws the spec's message", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow("useToast must be used within a ToastProvider");
  });
});

let api: ReturnType<typeof useNotification>;
function CaptureN() {
  api = useNotification();
  return null;
}

describe("NotificationProvider", () => {
  it("keeps the newest five and dismisses after 5000 ms by default", () => {
    render(
      <NotificationProvider>
        <CaptureN />
      </NotificationProvider>,
    );
    act(() => {
      for (let i = 1; i <= 6; i++) api.notify({ title: `N${i}` });
    });
    expect(screen.getAllByTestId("app-notification")).toHaveLength(5);
    expect(screen.queryByText("N1")).toBeNull();
    advance(4999);
    expect(screen.getAllByTestId("app-notification")).toHaveLength(5);
    advance(1);
    expect(screen.queryAllByTestId("app-notification")).toHaveLength(0);
  });

  it("useNotification outside its provider throws the spec's message", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<CaptureN />)).toThrow("useNotification must be used within NotificationProvider");
  });
});
