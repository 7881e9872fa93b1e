/**
 * The six sources of the global search (shell spec §7): GET with search and limit=5, in parallel,
 * each allowed to fail on its own (logged, no results) and each expected to answer an array (or,
 * for the campaign list, an object holding it under `listKey`).
 */
import { api } from "../../lib/api-client.ts";
import type { SearchResult, SearchResultType } from "./search-ranking.ts";

export const RESULTS_PER_SOURCE = 5;

type Row = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const join = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(" · ") || undefined;
/** "in_progress" → "In progress". */
const label = (v: unknown) =>
  str(v)
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase());
/** The calendar day of an ISO date or date-time, in the user's locale. */
function day(v: unknown): string {
  const d = new Date(str(v));
  return str(v) && !Number.isNaN(d.getTime()) ? d.toLocaleDateString(undefined, { dateStyle: "medium" }) : "";
}
/** An amount with its ISO currency code, as the user's locale writes it. */
function money(value: unknown, currency: unknown): string {
  if (typeof value !== "number") return "";
  // Whole amounts without ",00"; anything else to the cent.
  const cents = Number.isInteger(value) ? 0 : 2;
  try {
    return new Intl.NumberFormat(undefined, {
      style: "currency",
      currency: str(currency) || "USD",
      minimumFractionDigits: cents,
      maximumFractionDigits: cents,
    }).format(value);
  } catch {
    return `${value} ${str(currency)}`.trim();
  }
}

export interface SearchSource {
  type: SearchResultType;
  /** API list endpoint. */
  path: string;
  /** The app page its results open. */
  page: string;
  toResult: (row: Row) => SearchResult;
  /** Where the rows are when the endpoint answers an object (GET /campaigns/ → {campaigns, total…}). */
  listKey?: string;
  /** Extra query parameters (the campaign list pages with per_page, not limit). */
  params?: Record<string, string | number>;
}

const sel = (base: string, id: string) => `${base}?selected=${encodeURIComponent(id)}`;

export const SEARCH_SOURCES: SearchSource[] = [
  {
    type: "lead",
    page: "/leads",
    path: "/leads/",
    toResult: (r) => ({
      id: str(r.id),
      type: "lead",
      title: `${str(r.first_name)} ${str(r.last_name)}`.trim() || str(r.email),
      subtitle: str(r.company_name) || str(r.email) || undefined,
      description: join(r.role, r.industry),
      url: sel("/leads", str(r.id)),
      metadata: { email: r.email },
    }),
  },
  {
    type: "campaign",
    page: "/campaigns",
    path: "/campaigns/",
    listKey: "campaigns",
    params: { per_page: RESULTS_PER_SOURCE },
    toResult: (r) => ({
      id: str(r.id),
      type: "campaign",
      title: str(r.name),
      subtitle: str(r.subject_line) || undefined,
      description: join(r.status, typeof r.total_leads === "number" ? `${r.total_leads} leads` : undefined),
      url: `/campaigns/${encodeURIComponent(str(r.id))}`,
      metadata: { status: r.status, total_leads: r.total_leads },
    }),
  },
  {
    type: "crm_customer",
    page: "/crm/customers",
    path: "/crm/customers/",
    toResult: (r) => ({
      id: str(r.id),
      type: "crm_customer",
      title: str(r.name),
      subtitle: str(r.company) || str(r.email) || undefined,
      description: join(r.email, r.phone),
      url: sel("/crm/customers", str(r.id)),
    }),
  },
  {
    type: "crm_deal",
    page: "/crm/deals",
    path: "/crm/deals/",
    // CrmDeal (crm.ts): stage is the stage's name, value is in currency.
    toResult: (r) => ({
      id: str(r.id),
      type: "crm_deal",
      title: str(r.name),
      subtitle: join(r.stage, money(r.value, r.currency)),
      description: str(r.customer_name) || str(r.description) || undefined,
      url: sel("/crm/deals", str(r.id)),
      metadata: { value: r.value, currency: r.currency, stage: r.stage, status: r.status },
    }),
  },
  {
    type: "crm_task",
    page: "/crm/tasks",
    path: "/crm/tasks/",
    // CrmTask (crm-activity.ts): status open | in_progress | done | cancelled, due_date a date-time.
    toResult: (r) => ({
      id: str(r.id),
      type: "crm_task",
      title: str(r.title),
      subtitle: join(label(r.status), r.due_date ? `due ${day(r.due_date)}` : undefined),
      description: str(r.related_label) || str(r.description) || undefined,
      url: sel("/crm/tasks", str(r.id)),
      metadata: { status: r.status, due_date: r.due_date },
    }),
  },
  {
    type: "crm_interaction",
    page: "/crm/interactions",
    path: "/crm/interactions/",
    // CrmInteraction (crm-activity.ts): type email | call | meeting | note, date when it happened.
    toResult: (r) => ({
      id: str(r.id),
      type: "crm_interaction",
      title: str(r.subject),
      subtitle: join(label(r.type), day(r.date)),
      description: str(r.related_label) || str(r.description) || str(r.notes) || undefined,
      url: sel("/crm/interactions", str(r.id)),
      metadata: { type: r.type, date: r.date },
    }),
  },
];

export async function searchAll(query: string, signal?: AbortSignal, sources: SearchSource[] = SEARCH_SOURCES): Promise<SearchResult[]> {
  const q = query.trim();
  if (!q) return [];
  const settled = await Promise.allSettled(
    sources.map(async (source) => {
      // report:false — a source whose feature is not installed answers 404; that is not an incident.
      const answer = await api.get<unknown>(source.path, {
        params: { search: q, limit: RESULTS_PER_SOURCE, ...source.params },
        signal,
        report: false,
      });
      const body = source.listKey && answer && typeof answer === "object" ? (answer as Record<string, unknown>)[source.listKey] : answer;
      if (!Array.isArray(body)) {
        console.warn(`Search: ${source.path} did not answer a list`);
        return [];
      }
      return (body as Row[])
        .filter((r) => r && r.id !== undefined)
        .map(source.toResult)
        .filter((r) => r.title);
    }),
  );
  const results: SearchResult[] = [];
  settled.forEach((s, i) => {
    if (s.status === "fulfilled") results.push(...s.value);
    else if (!signal?.aborted) console.warn(`Search: ${sources[i]!.path} failed: ${(s.reason as Error)?.message ?? s.reason}`);
  });
  return results;
}
