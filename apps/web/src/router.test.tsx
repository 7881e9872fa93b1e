import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Link, MemoryRouter, RouterProvider, useLocation, useRoutes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AuthGuard } from "./app/auth-guard.tsx";
import { RootRoute } from "./app/root-route.tsx";
import { errorTracker } from "./lib/error-tracker.ts";
import { signOutIntent } from "./lib/storage.ts";
import { AppRoutes, LoginRedirect } from "./router.tsx";

const session = vi.hoisted(() => ({ status: "unauthenticated" as "loading" | "authenticated" | "unauthenticated" }));
vi.mock("./features/auth/api/use-session.ts", () => ({
  useSession: () => ({ status: session.status, user: null, refresh: async () => {} }),
}));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <LoginRedirect /> },
      { path: "/", element: <p>Home</p> },
      { path: "/sign-in", element: <p>Sign in page</p> },
      { path: "/sign-up", element: <p>Sign up page</p> },
      {
        path: "/dashboard",
        element: (
          <AuthGuard>
            <p>Dashboard content</p>
          </AuthGuard>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("/login", () => {
  it.each([
    ["/login", "/sign-in", ""],
    ["/login?email=a%40b.c", "/sign-in", "?email=a%40b.c"],
    ["/login?action=signup", "/sign-up", ""],
    ["/login?action=demo&plan=growth", "/sign-up", "?plan=growth&intent=demo"],
  ])("%s goes to %s%s", (from, pathname, search) => {
    const router = renderAt(from);
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
  });
});

describe("auth guard", () => {
  it("shows Loading... while the session is unknown", () => {
    session.status = "loading";
    renderAt("/dashboard");
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(screen.queryByText("Dashboard content")).toBeNull();
  });

  it("sends signed-out users to /sign-in and remembers where they were going", () => {
    session.status = "unauthenticated";
    const router = renderAt("/dashboard?tab=1");
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(sessionStorage.getItem("redirectAfterLogin")).toBe("/dashboard?tab=1");
  });

  it("during an intentional sign-out sends the user home, remembering nothing; later visits go to /sign-in again", () => {
    session.status = "unauthenticated";
    sessionStorage.removeItem("redirectAfterLogin");
    const start = Date.now();
    signOutIntent.mark(start);
    const router = renderAt("/dashboard");
    expect(router.state.location.pathname).toBe("/");
    expect(sessionStorage.getItem("redirectAfterLogin")).toBeNull();
    signOutIntent.mark(start - 60_000); // the sign-out transition is long over
    expect(renderAt("/dashboard").state.location.pathname).toBe("/sign-in");
  });

  it("lets signed-in users through", () => {
    session.status = "authenticated";
    renderAt("/dashboard");
    expect(screen.getByText("Dashboard content")).toBeTruthy();
  });
});

function Broken(): never {
  throw new Error("page exploded");
}
function CrashRoutes() {
  return useRoutes([
    {
      element: <RootRoute />,
      children: [
        { path: "/broken", element: <Broken /> },
        { path: "/", element: <p>Home</p> },
      ],
    },
  ]);
}

describe("a page that fails", () => {
  it("shows the crash screen in place of the page, reports it, and clears when the user goes elsewhere", () => {
    const track = vi.spyOn(errorTracker, "trackException").mockImplementation(() => {});
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <Link to="/">Go home</Link>
        <CrashRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(track).toHaveBeenCalledWith(
      expect.objectContaining({ message: "page exploded" }),
      expect.objectContaining({ component: "RouteErrorBoundary" }),
    );
    act(() => screen.getByText("Go home").click());
    expect(screen.getByText("Home")).toBeTruthy();
    track.mockRestore();
    quiet.mockRestore();
  });
});

function LocationProbe() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe("the app's routes (app/app-routes.tsx, loaded on demand)", () => {
  function renderApp(path: string) {
    render(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>,
    );
  }

  it("an app address goes through the auth guard: signed out, to /sign-in", async () => {
    session.status = "unauthenticated";
    renderApp("/crm/deals");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/sign-in"), { timeout: 10_000 });
    expect(sessionStorage.getItem("redirectAfterLogin")).toBe("/crm/deals");
  });

  it("an address no route knows shows the not-found page, signed out too", async () => {
    session.status = "unauthenticated";
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { name: "Page Not Found" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId("where").textContent).toBe("/no-such-page");
  });
});
