/**
 * Component-test kit for the leads and discovery pages: the real providers, router and API
 * client, with fetch replaced by a scripted server that sees query strings, JSON and multipart
 * bodies and can answer with headers (X-Total-Count), plus lead and job builders.
 */
import { ThemeProvider } from "@mui/material/styles";
import type { EnrichmentJob, ImportJob, Lead, Me, ScrapingJob } from "@prospector/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { configure, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../../../app/query-client.ts";
import { createAppTheme } from "../../../app/theme.ts";
import { tokenStore } from "../../../lib/storage.ts";
import { ToastProvider } from "../../../ui/toast/toast-provider.tsx";

// Answers arrive after the grid re-renders, which takes seconds on a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

export interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  form: FormData | null;
}
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Route = Reply | ((req: Request) => Reply);

export function mockServer(routes: Record<string, Route>) {
  const calls: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const form = init?.body instanceof FormData ? init.body : null;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const req = { method, path: url.pathname, query: url.searchParams, body, form };
    if (url.pathname !== "/api/errors/report") calls.push(req);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === "function" ? route(req) : (route ?? { status: 404, body: { detail: "Not found", code: "NOT_FOUND" } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json", ...reply.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    /** The requests made to one endpoint, oldest first. */
    to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    fetchMock,
  };
}

export const ME: Me = {
  id: "018f0000-0000-7000-8000-000000000001",
  email: "owner@example.com",
  full_name: "Olivia Owner",
  image: null,
  email_verified: true,
  is_active: true,
  is_instance_admin: true,
  role: "admin",
  role_label: "Administrator",
  permissions: ["*:*"],
  organization: { id: "org", name: "Acme", plan: "pro" },
  workspace: { id: "ws", name: "Acme" },
  created_at: "2026-01-01T00:00:00.000Z",
};

let seq = 0;
export function uuid(n = ++seq): string {
  return `018f0000-0000-7000-8000-${String(n).padStart(12, "0")}`;
}

export function lead(over: Partial<Lead> = {}): Lead {
  return {
    id: uuid(),
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@analytical.io",
    company_name: "Analytical Engines",
    role: "CEO",
    industry: null,
    pain_point: null,
    company_insight: null,
    campaign_id: null,
    phone: null,
    website: null,
    linkedin_url: null,
    city: null,
    country: null,
    source: "import",
    status: "new",
    score: null,
    score_breakdown: null,
    tags: [],
    owner_id: null,
    custom_fields: {},
    email_status: "unknown",
    seniority: null,
    department: null,
    provenance: {},
    created_at: "2026-11-01T10:00:00.000Z",
    updated_at: "2026-11-01T10:00:00.000Z",
    last_activity_at: null,
    ...over,
  };
}

export function importJob(over: Partial<ImportJob> = {}): ImportJob {
  return {
    id: uuid(),
    status: "queued",
    file_name: "leads.csv",
    duplicate_policy: "skip",
    mapping: {},
    progress: 0,
    processed_rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    errors: [],
    error: null,
    created_at: "2026-11-01T10:00:00.000Z",
    started_at: null,
    finished_at: null,
    ...over,
  };
}

export function enrichmentJob(over: Partial<EnrichmentJob> = {}): EnrichmentJob {
  return {
    id: uuid(),
    status: "queued",
    progress: 0,
    counts: { total: 0, processed: 0, enriched: 0, unchanged: 0, failed: 0 },
    lead_ids: [],
    results: [],
    error: null,
    created_by: null,
    created_at: "2026-11-01T10:00:00.000Z",
    started_at: null,
    finished_at: null,
    updated_at: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}

export function scrapingJob(over: Partial<ScrapingJob> = {}): ScrapingJob {
  return {
    id: uuid(),
    source: "website",
    parameters: { url: "https://orbit.example", max_pages: 20 },
    status: "running",
    progress: 40,
    counts: { found: 3, created: 2, duplicates_skipped: 1, failed: 0 },
    error: null,
    notes: [],
    result_lead_ids: [],
    created_by: null,
    created_at: "2026-11-01T10:00:00.000Z",
    started_at: null,
    finished_at: null,
    updated_at: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders a signed-in page at `at` (other paths show where navigation went). */
export function renderSignedIn(element: ReactElement, { path, at = path }: { path: string; at?: string }) {
  tokenStore.set("test-token", { remember: true });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={createAppTheme("light")}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
