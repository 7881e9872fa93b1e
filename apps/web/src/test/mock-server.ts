/**
 * The scripted API for component tests: fetch is replaced by a table of answers keyed
 * "METHOD /api/path" (the path as the page requests it, without the query string). Every answer's
 * body is parsed with the contract of that route (contract-routes.ts) — a success body with its
 * response schema (a field the schema does not have counts too: the server would strip it), an
 * error body with ErrorBody (and no other field) and its code's status — and a mismatch fails the
 * test (setup.ts checks after each test), so mocks cannot drift from what the server sends.
 */
import { ErrorBody, errorStatus } from "@prospector/contracts";
import { vi } from "vitest";
import type { z } from "zod";
import { contractFor } from "./contract-routes.ts";

export interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body (undefined for none or multipart). */
  body: unknown;
  /** The multipart body (imports, uploads), or null. */
  form: FormData | null;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Answered by something in front of the API (a proxy's 502, a dev server that is down), so
   * not an API body and not checked against the contracts. Use only for that.
   */
  notFromApi?: boolean;
}

/** An answer, or a function of the request that answers (later, when it returns a promise). */
export type Route = Reply | ((req: Request) => Reply | Promise<Reply>);

const NOT_FOUND: Reply = { status: 404, body: { detail: "Not found", code: "NOT_FOUND" } };

const drift: string[] = [];

/** The first few problems of a failed parse, one per line: `path: message`. */
const issues = (error: z.ZodError) =>
  error.issues
    .slice(0, 6)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message.slice(0, 100)}`)
    .join("; ");

/** The contract mismatches seen since the last call, cleared (setup.ts fails the test on any). */
export function takeContractDrift(): string[] {
  return drift.splice(0);
}

/** Checks one answer against its route's contract; returns what is wrong, or null. */
export function contractProblem(method: string, path: string, reply: Reply): string | null {
  if (reply.notFromApi) return null;
  const status = reply.status ?? 200;
  const where = `${method} ${path} → ${status}`;
  if (status >= 400) {
    const parsed = ErrorBody.strict().safeParse(reply.body);
    if (!parsed.success) return `${where}: the error body is not an ErrorBody: ${issues(parsed.error)}`;
    const expected = errorStatus[parsed.data.code];
    if (expected !== status) return `${where}: the server answers ${parsed.data.code} with status ${expected}`;
    return null;
  }
  const contract = contractFor(method, path);
  if (!contract) return null;
  if (!(status in contract.statuses)) {
    const declared = Object.keys(contract.statuses).join(", ");
    return `${where}: ${contract.key} answers ${declared}, not ${status}`;
  }
  const schema = contract.statuses[status];
  if (schema === null) return reply.body === undefined ? null : `${where}: ${contract.key} answers ${status} without a body`;
  const parsed = schema?.safeParse(reply.body);
  if (parsed && !parsed.success) return `${where}: the body does not match ${contract.key}'s contract: ${issues(parsed.error)}`;
  const extra = parsed ? extraKeys(reply.body, parsed.data) : [];
  if (extra.length) return `${where}: fields ${contract.key}'s contract does not have (the server strips them): ${extra.join(", ")}`;
  return null;
}

/** Paths of the object keys in `sent` that parsing dropped: fields the server's answer never has. */
function extraKeys(sent: unknown, kept: unknown, path = ""): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => extraKeys(item, kept[i], `${path}[${i}]`));
  if (!isObject(sent) || !isObject(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in kept ? extraKeys(value, kept[key], at) : [at];
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Replaces fetch with `routes` (a function answer sees the request); anything else is a 404.
 * Returns the requests made (without the error tracker's background reports).
 */
export function mockServer(routes: Record<string, Route>) {
  const calls: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const form = init?.body instanceof FormData ? init.body : null;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const req: Request = { method, path: url.pathname, query: url.searchParams, body, form };
    if (url.pathname !== "/api/errors/report") calls.push(req);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === "function" ? await route(req) : (route ?? NOT_FOUND);
    const problem = contractProblem(method, url.pathname, reply);
    if (problem) drift.push(problem);
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
