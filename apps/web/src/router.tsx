/**
 * The web app's URLs (shell spec §2). Pages load on demand behind a "Loading..." placeholder.
 * The public pages are listed here; every other address goes to app/app-routes.tsx (one lazy
 * module: the signed-in app's pages behind the auth guard, and the not-found page), so the
 * entry a first visit downloads does not carry the app's route table.
 *
 * Declarative routing (<BrowserRouter> + useRoutes): we use no loaders, actions or fetchers, and
 * the data router that createBrowserRouter needs is 13 KB (brotli) of every page's first load.
 * A page that throws, or whose chunk fails to load, is caught in RootRoute.
 */
import { lazy } from "react";
import { Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { page } from "./app/lazy-page.tsx";
import { RootRoute } from "./app/root-route.tsx";

// The shell itself is lazy too: visitors of the public pages never download it.
const loadAppLayout = () => import("./app/layout/app-layout.tsx");
const loadDashboardPage = () => import("./features/dashboard/pages/dashboard-page.tsx");
const loadAppPages = () => import("./app/app-routes.tsx");
const AppPages = lazy(loadAppPages);
const LandingPage = lazy(() => import("./features/landing/pages/landing-page.tsx"));
const SignInPage = lazy(() => import("./features/auth/pages/sign-in-page.tsx"));
const SignUpPage = lazy(() => import("./features/auth/pages/sign-up-page.tsx"));
const ForgotPasswordPage = lazy(() => import("./features/auth/pages/forgot-password-page.tsx"));
const ResetPasswordPage = lazy(() => import("./features/auth/pages/reset-password-page.tsx"));
const SsoCompletePage = lazy(() => import("./features/auth/pages/sso-complete-page.tsx"));
const VerifyEmailPage = lazy(() => import("./features/auth/pages/verify-email-page.tsx"));
const InviteAcceptPage = lazy(() => import("./features/team/pages/invite-accept-page.tsx"));
const TrustPage = lazy(() => import("./features/landing/pages/trust-page.tsx"));

/** App pages whose modules are worth starting before the session is known (app/early-start.ts). */
const EARLY_PAGES: Record<string, () => Promise<unknown>> = { "/dashboard": loadDashboardPage };

/**
 * Starts running the layout's and the page's modules when a signed-in visit lands on one of
 * EARLY_PAGES, instead of after GET /api/auth/me has answered (their files are already on the way:
 * the server sends them as modulepreload links with index.html). Whether it is one of them.
 */
export function preloadAppPage(pathname: string): boolean {
  const load = EARLY_PAGES[pathname.replace(/\/$/, "")];
  if (!load) return false;
  void loadAppPages().catch(() => undefined);
  void loadAppLayout().catch(() => undefined);
  void load().catch(() => undefined);
  return true;
}

/**
 * /login is the old sign-in address (the 401 flow, old links). The query is kept, and the
 * landing's `action` is honoured: signup opens the sign-up form, demo opens it with the demo intent.
 */
export function LoginRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const action = params.get("action");
  params.delete("action");
  if (action === "signup") return <Navigate replace to={withQuery("/sign-up", params)} />;
  if (action === "demo") {
    params.set("intent", "demo");
    return <Navigate replace to={withQuery("/sign-up", params)} />;
  }
  return <Navigate replace to={withQuery("/sign-in", params)} />;
}

function withQuery(path: string, params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      { path: "/", element: page(LandingPage) },
      { path: "/landing", element: page(LandingPage) },
      { path: "/trust", element: page(TrustPage) },
      { path: "/login", element: <LoginRedirect /> },
      { path: "/sign-in/*", element: page(SignInPage) },
      { path: "/sign-up/*", element: page(SignUpPage) },
      { path: "/forgot-password", element: page(ForgotPasswordPage) },
      { path: "/reset-password", element: page(ResetPasswordPage) },
      { path: "/sso/complete", element: page(SsoCompletePage) },
      { path: "/verify-email", element: page(VerifyEmailPage) },
      // An invitation link works signed out (sign up or sign in, then accept) and signed in.
      { path: "/invite/:token", element: page(InviteAcceptPage) },
      // Everything else: the signed-in app and the not-found page (app/app-routes.tsx).
      { path: "*", element: page(AppPages) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
