/**
 * The fuzz suite's request generator and pass conditions (routes.suite.ts runs them).
 *
 * A request is one `Case` of an operation: valid-shaped values from the contract (arbitraryFor in
 * ../openapi.ts, free text drawn from HOSTILE_STRINGS and random unicode) or a hostile variant (huge
 * strings, 10k-deep JSON, prototype keys, wrong types, missing or extra fields, hostile path and
 * query values, CR/LF in every text field). Everything derives from (seed, operation, run), so a
 * printed finding is reproduced with FUZZ_SEED and the run number.
 */
import { ErrorBody, errorStatus } from "@prospector/contracts";
import fc from "fast-check";
import { seededRandom } from "../../../src/platform/seeded-random.ts";
import { arbitraryFor, type JsonSchema, type Operation, validatorFor } from "../openapi.ts";

/** Marks text that must never reach a response header as a header of its own. */
export const INJECTED_HEADER = "x-fuzz-injected";
const CRLF = `fuzz\r\n${INJECTED_HEADER}: 1\r\n\r\n<body>`;

export const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE leads; --",
  "%",
  "_",
  "\\",
  "%_\\'\"",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax is the hostile input
  "${7*7}",
  "#{7*7}",
  "{% for i in (1..100000) %}{{i}}{% endfor %}",
  "{{ lead.first_name | upcase }}{% if %}",
  "{{constructor.constructor('return process')()}}",
  "\u202Egnp.exe",
  "שלום עולם مرحبا",
  "😀👩‍👩‍👧‍👦🏳️‍🌈",
  "\uD800",
  "x\uDFFFy",
  "a\u0000b",
  "\u0000",
  CRLF,
  `https://example.com/\r\n${INJECTED_HEADER}: 1`,
  "//evil.example/",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "",
  " ",
  "null",
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "prototype",
];

export const HUGE = "x".repeat(1 << 20);
const DEPTH = 10_000;
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;
const DEEP_ARRAY = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;

export const KINDS = [
  "valid",
  "hostile-text",
  "valid",
  "huge",
  "deep",
  "proto",
  "wrong-type",
  "valid",
  "missing",
  "extra",
  "hostile-path",
  "hostile-query",
  "crlf",
] as const;
export type Kind = (typeof KINDS)[number];

export interface Case {
  kind: Kind;
  method: string;
  url: string;
  /** The raw JSON text sent, when the operation takes a body. */
  payload?: string;
}

export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** Percent-encodes anything, lone surrogates too (as their invalid UTF-8 bytes). */
export function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          const c = ch.charCodeAt(0);
          return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
        }
      })
      .join("");
  }
}

const hostileText = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom(...HOSTILE_STRINGS)).map(([a, b]) => a + b), weight: 1 },
);
const plainText = fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}$/), fc.string({ maxLength: 20 }));

/** Real ids known to the run, by collection path template (`/api/leads`), and all of them. */
export class IdPool {
  readonly byPath = new Map<string, Set<string>>();
  readonly all = new Set<string>();
  add(path: string, id: string): void {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return;
    const set = this.byPath.get(path) ?? new Set<string>();
    this.byPath.set(path, set);
    set.add(id);
    this.all.add(id);
  }
  /** Every `id` in a JSON answer (top level and items of top-level arrays) joins `path`'s pool. */
  harvest(path: string, body: unknown): void {
    const visit = (v: unknown, depth: number) => {
      if (depth > 3 || v === null || typeof v !== "object") return;
      if (Array.isArray(v)) {
        for (const x of v.slice(0, 20)) visit(x, depth + 1);
        return;
      }
      const o = v as Record<string, unknown>;
      if (typeof o.id === "string") this.add(path, o.id);
      for (const x of Object.values(o)) if (Array.isArray(x)) visit(x, depth + 1);
    };
    visit(body, 0);
  }
  pick(path: string, rnd: () => number): string | undefined {
    const own = this.byPath.get(path);
    if (own?.size && rnd() < 0.85) return pick(rnd, [...own]);
    return this.all.size ? pick(rnd, [...this.all]) : undefined;
  }
}

/** The collection a path parameter picks ids from: `/api/leads/{id}/notes` → `/api/leads` for `id`. */
export function collectionOf(op: Operation, param: string): string {
  const i = op.path.indexOf(`{${param}}`);
  return op.path.slice(0, Math.max(0, i - 1));
}

const sample = (schema: JsonSchema, seed: number, text: fc.Arbitrary<string>) =>
  fc.sample(arbitraryFor(schema, { text }), { seed, numRuns: 1 })[0];

function wrongTypeOf(v: unknown, rnd: () => number): unknown {
  if (typeof v === "string") return pick(rnd, [12345, true, { $gt: "" }, ["a"], null]);
  if (typeof v === "number") return pick(rnd, ["12abc", "1e309", Number.MAX_SAFE_INTEGER * 4, -1, {}, [1]]);
  if (typeof v === "boolean") return pick(rnd, ["yes", 1, null]);
  if (Array.isArray(v)) return pick(rnd, ["a", 1, { 0: "a" }]);
  if (v && typeof v === "object") return pick(rnd, ["{}", [], 0]);
  return pick(rnd, ["x", 1, {}, []]);
}

/** Every string in a value replaced by `f(string)`. */
function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === "string") return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

/** The request of run `run` of `op`. */
export function makeCase(op: Operation, run: number, seed: number, pool: IdPool, kind: Kind): Case {
  const caseSeed = (seed ^ hash(`${op.method} ${op.path}#${run}`)) >>> 0;
  const rnd = seededRandom(caseSeed);
  const text = kind === "hostile-text" || kind === "crlf" ? hostileText : kind === "valid" && rnd() < 0.5 ? hostileText : plainText;

  // Path: a real id (mostly), a valid random value, or a hostile string.
  let url = op.path;
  for (const p of op.pathParams) {
    let v: string;
    if (kind === "hostile-path") v = pick(rnd, [...HOSTILE_STRINGS, "x".repeat(5000), "%00", "00000000-0000-0000-0000-000000000000"]);
    else {
      const real = typeof p.schema === "object" && p.schema.format === "uuid" ? pool.pick(collectionOf(op, p.name), rnd) : undefined;
      v = real ?? String(sample(p.schema, caseSeed + hash(p.name), plainText));
    }
    // An empty segment would be another route (`/api/leads/` is the list): fuzz this one.
    if (v.trim() === "") v = "_";
    // `.` and `..` are dot segments, resolved away before routing: also another route.
    if (/^\.{1,2}$/.test(v)) v = `${v}x`;
    url = url.replace(`{${p.name}}`, encode(v));
  }

  // Query: every required parameter and some optional ones, valid-shaped unless hostile.
  const pairs: [string, string][] = [];
  for (const q of op.queryParams) {
    if (!q.required && rnd() < 0.5 && kind !== "hostile-query") continue;
    if (kind === "hostile-query" && rnd() < 0.7) {
      const h = pick(rnd, [...HOSTILE_STRINGS, HUGE]);
      pairs.push([q.name, h]);
      if (rnd() < 0.3) pairs.push([q.name, pick(rnd, HOSTILE_STRINGS)]); // the same key twice
      continue;
    }
    const v = sample(q.schema, caseSeed + hash(q.name), kind === "crlf" ? fc.constant(CRLF) : text);
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) pairs.push([q.name, String(x)]);
    else pairs.push([q.name, typeof v === "object" ? JSON.stringify(v) : String(v)]);
  }
  if (kind === "hostile-query") pairs.push(["__proto__[polluted]", "1"], ["constructor[prototype][polluted]", "1"]);
  if (kind === "huge" && !op.body && op.queryParams.length) pairs.push([pick(rnd, op.queryParams).name, HUGE]);
  if (kind === "wrong-type" && op.queryParams.length)
    pairs.push([pick(rnd, op.queryParams).name, pick(rnd, ["[object Object]", "-1", "1e309", "NaN", "true"])]);
  if (pairs.length) url += `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}`;

  if (!op.body) return { kind, method: op.method, url };

  // Body.
  const body = sample(op.body.schema, caseSeed, kind === "crlf" ? fc.constant(CRLF) : text);
  const isObject = body !== null && typeof body === "object" && !Array.isArray(body);
  const keys = isObject ? Object.keys(body as object) : [];
  const declared = typeof op.body.schema === "object" ? Object.keys(op.body.schema.properties ?? {}) : [];
  let payload: string;
  switch (kind) {
    case "huge": {
      // At most two strings become 1 MB: the body stays under the 10 MB limit and reaches the handler.
      let left = 2;
      payload = JSON.stringify(mapStrings(body, (v) => (left-- > 0 ? HUGE : v)) ?? HUGE);
      if (payload.length < HUGE.length)
        payload = isObject
          ? JSON.stringify({ ...(body as object), [pick(rnd, declared.length ? declared : ["x"])]: HUGE })
          : JSON.stringify(HUGE);
      break;
    }
    case "deep": {
      const deep = rnd() < 0.5 ? DEEP_OBJECT : DEEP_ARRAY;
      if (isObject && declared.length) {
        const marker = "\u0001DEEP\u0001";
        payload = JSON.stringify({ ...(body as object), [pick(rnd, declared)]: marker }).replace(JSON.stringify(marker), deep);
      } else payload = deep;
      break;
    }
    case "proto": {
      const head = '{"__proto__":{"polluted":"yes","isInstanceAdmin":true},"constructor":{"prototype":{"polluted":"yes"}},';
      const rest = JSON.stringify(isObject ? body : { value: body });
      payload = rest === "{}" ? `${head.slice(0, -1)}}` : head + rest.slice(1);
      break;
    }
    case "wrong-type":
      if (isObject && keys.length) {
        const k = pick(rnd, keys);
        payload = JSON.stringify({ ...(body as object), [k]: wrongTypeOf((body as Record<string, unknown>)[k], rnd) });
      } else payload = JSON.stringify(wrongTypeOf(body, rnd));
      break;
    case "missing": {
      const required: string[] = typeof op.body.schema === "object" ? (op.body.schema.required ?? []) : [];
      if (isObject && required.length) {
        const copy = { ...(body as Record<string, unknown>) };
        delete copy[pick(rnd, required)];
        payload = JSON.stringify(copy);
      } else payload = rnd() < 0.5 ? "" : "{}";
      break;
    }
    case "extra":
      payload = JSON.stringify(
        isObject
          ? {
              ...(body as object),
              id: "00000000-0000-0000-0000-000000000001",
              workspace_id: pick(rnd, [...pool.all, "x"]),
              is_admin: true,
              extra_field: pick(rnd, HOSTILE_STRINGS),
            }
          : [body, body],
      );
      break;
    default:
      payload = JSON.stringify(body ?? {});
  }
  return { kind, method: op.method, url, payload };
}

/**
 * 5xx answers that are not bugs: a documented error code saying a dependency is absent or
 * unreachable here (no network, no language model, no payment provider in the test instance).
 */
export const ALLOWED_5XX: Record<string, number> = {
  EMAIL_GENERATION_FAILED: 502, // the language model (not configured, no network) could not write
  SERVICE_UNAVAILABLE: 503, // an optional dependency (LLM, SMTP, DNS) is not reachable
  BACKUP_DESTINATION_UNAVAILABLE: 503,
  PAYMENTS_NOT_CONFIGURED: 501,
};

/** 4xx statuses any route may answer with the error envelope (auth, validation, limits, parsing). */
export const STANDARD_4XX = new Set([
  400,
  401,
  403,
  404,
  405,
  409,
  413,
  415,
  422,
  423, // ACCOUNT_LOCKED: a route that checks the password locks the account after failures, as sign-in does
  429,
]);

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** What is wrong with an answer (null when nothing). */
export function violation(op: Operation, answer: Answer): string | null {
  const status = answer.statusCode;
  for (const [name, value] of Object.entries(answer.headers)) {
    if (name.toLowerCase() === INJECTED_HEADER) return `header injected from the input: ${name}`;
    for (const v of [value].flat()) if (/[\r\n]/.test(String(v))) return `CR/LF in response header ${name}`;
  }
  const type = String(answer.headers["content-type"] ?? "");
  const json = () => {
    try {
      return { ok: true as const, value: JSON.parse(answer.body) as unknown };
    } catch {
      return { ok: false as const };
    }
  };
  const declared = Object.hasOwn(op.responses, String(status));
  if (status >= 500) {
    const parsed = json();
    const code = parsed.ok ? (parsed.value as { code?: string })?.code : undefined;
    if (code && ALLOWED_5XX[code] === status) return null;
    return `server error ${status}${code ? ` ${code}` : ""}`;
  }
  if (status >= 400) {
    const parsed = json();
    if (!parsed.ok || !ErrorBody.safeParse(parsed.value).success) return `${status} without the error envelope`;
    const code = (parsed.value as { code: keyof typeof errorStatus }).code;
    if (!declared && !STANDARD_4XX.has(status)) return `undeclared status ${status} (${code})`;
    // A catalogued code carries its own status; Fastify's own parsing errors keep theirs (400/413/415).
    if (errorStatus[code] !== status && !(code === "BAD_REQUEST" && [400, 413, 415].includes(status)))
      return `${status} with code ${code} (catalog says ${errorStatus[code]})`;
    return null;
  }
  if (status >= 300) return declared || [301, 302, 303, 304, 307, 308].includes(status) ? null : `undeclared status ${status}`;
  // A route that declares no response (routes.suite.ts counts them) can only be held to "not 5xx".
  if (!declared && Object.keys(op.responses).length === 0) return null;
  if (!declared) return `undeclared success status ${status}`;
  const schema = op.responses[String(status)];
  if (!schema || !type.includes("json") || status === 204) return null;
  const parsed = json();
  if (!parsed.ok) return `${status} body is not JSON`;
  const validate = validatorFor(schema);
  if (!validate(parsed.value)) return `${status} body breaks its schema: ${JSON.stringify(validate.errors?.slice(0, 2))}`;
  return null;
}
