/**
 * The app's own OpenAPI document as test input, shared by the reliability suites (fuzz, tenancy).
 *
 * - `listOperations(app)`: every operation of `app.swagger()` (call after `app.ready()`): method, path
 *   template (`/api/leads/{id}`), Fastify url (`/api/leads/:id`), path and query parameter schemas,
 *   the JSON request body schema, the declared response statuses with their schemas, and the route's
 *   access declaration from platform/route-access.ts (`accessTable`), which the document itself lacks.
 * - `arbitraryFor(schema, opts)`: a fast-check arbitrary of values VALID for a JSON schema as
 *   fastify-type-provider-zod emits it from the zod contracts (type, nullable, enum, const,
 *   anyOf/oneOf/allOf, properties/required/additionalProperties, items/minItems/maxItems/uniqueItems,
 *   minLength/maxLength, minimum/maximum/exclusive*, formats uuid/email/uri/date-time/date, patterns
 *   that fast-check's `stringMatching` understands, `$ref` into the document's components or `$defs`).
 *   `opts.text` replaces the arbitrary of free-form strings (no format, pattern or enum), so a
 *   suite can put hostile text into fields that are otherwise valid; lengths are still honoured.
 * - `sampleValid(schema, seed)`: one deterministic valid value.
 * - `validatorFor(schema)`: an ajv validator for a schema of the document (OpenAPI 3.0's `nullable`
 *   read as zod means it: null is allowed too, also beside an `enum` or an `anyOf`).
 *
 * Values that a zod refinement would still refuse (cross-field rules) are possible: the JSON schema
 * cannot say them, so a suite must accept a 4xx for a valid-shaped value.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { accessTable } from "../../src/platform/route-access.ts";

// biome-ignore lint/suspicious/noExplicitAny: JSON schemas are untyped documents
export type JsonSchema = Record<string, any> | boolean;

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Upper case: GET, POST, PUT, PATCH, DELETE. */
  method: string;
  /** The OpenAPI path template: `/api/leads/{id}`. */
  path: string;
  /** The Fastify route url: `/api/leads/:id`. */
  url: string;
  operationId: string;
  tags: string[];
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { schema: JsonSchema; contentType: string; required: boolean };
  /**
   * Declared statuses ("200", "404"...) with their JSON schema (null when the answer is not JSON).
   * Empty when the route declares no response at all (the document then shows swagger's
   * placeholder "200 Default Response", which is left out here).
   */
  responses: Record<string, JsonSchema | null>;
  /** config.access of the route (`public`, `authenticated`, `resource:action`), when known. */
  access?: string;
  apiKeyScope?: string | null;
}

const METHODS = ["get", "put", "post", "delete", "patch", "options", "head"];

/** Every operation of the app's OpenAPI document, in document order. */
export function listOperations(app: FastifyInstance): Operation[] {
  // biome-ignore lint/suspicious/noExplicitAny: the swagger document is untyped JSON
  const doc = (app as any).swagger() as { paths: Record<string, Record<string, any>> };
  const access = new Map(accessTable(app).map((r) => [`${r.method} ${r.url}`, r]));
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [m, op] of Object.entries(item)) {
      if (!METHODS.includes(m)) continue;
      const method = m.toUpperCase();
      const url = path.replace(/\{([^}]+)\}/g, ":$1");
      const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
      const toParam = (p: (typeof params)[number]): Parameter => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} });
      const content = op.requestBody?.content as Record<string, { schema?: JsonSchema }> | undefined;
      const contentType = content ? (Object.keys(content).find((c) => c.includes("json")) ?? Object.keys(content)[0]) : undefined;
      const responses: Record<string, JsonSchema | null> = {};
      for (const [status, r] of Object.entries(
        (op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: JsonSchema }> }>,
      )) {
        responses[status] = r.content?.["application/json"]?.schema ?? null;
      }
      // A route without a response schema gets @fastify/swagger's placeholder: it declares nothing.
      const placeholder =
        Object.keys(op.responses ?? {}).length === 1 &&
        op.responses?.["200"]?.description === "Default Response" &&
        !op.responses["200"].content;
      if (placeholder) delete responses["200"];
      const declared = access.get(`${method} ${url}`);
      ops.push({
        method,
        path,
        url,
        operationId: op.operationId ?? `${method} ${path}`,
        tags: op.tags ?? [],
        pathParams: params.filter((p) => p.in === "path").map(toParam),
        queryParams: params.filter((p) => p.in === "query").map(toParam),
        body:
          content && contentType
            ? { schema: content[contentType]?.schema ?? {}, contentType, required: Boolean(op.requestBody.required) }
            : undefined,
        responses,
        access: declared?.access,
        apiKeyScope: declared?.apiKeyScope,
      });
    }
  }
  return ops;
}

export interface ArbitraryOptions {
  /** The document (or schema root) that `$ref`s point into. */
  root?: JsonSchema;
  /** Free-form strings (no format, pattern, enum): default `fc.string`. Filtered to the length bounds. */
  text?: fc.Arbitrary<string>;
  /** Cap on generated array lengths above minItems (default 3) and free-form string lengths (default 24). */
  maxExtraItems?: number;
  maxStringLength?: number;
  /** Nesting depth after which optional properties are left out and arrays kept at minItems (default 6). */
  maxDepth?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: schema objects
type S = Record<string, any>;

function resolveRef(ref: string, root: JsonSchema | undefined): JsonSchema {
  if (!ref.startsWith("#/") || typeof root !== "object") throw new Error(`unresolvable $ref ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) node = (node as S)?.[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  return node as JsonSchema;
}

function mergeAllOf(schemas: S[]): S {
  const out: S = {};
  for (const s of schemas) {
    for (const [k, v] of Object.entries(s)) {
      if (k === "properties") out.properties = { ...out.properties, ...v };
      else if (k === "required") out.required = [...new Set([...(out.required ?? []), ...v])];
      else out[k] = v;
    }
  }
  return out;
}

const lengthOk = (s: S) => (v: string) => [...v].length >= (s.minLength ?? 0) && [...v].length <= (s.maxLength ?? Number.POSITIVE_INFINITY);

function stringArb(s: S, o: Required<Omit<ArbitraryOptions, "root" | "text">> & ArbitraryOptions): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? o.maxStringLength, min + o.maxStringLength));
  switch (s.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom("example.com", "example.org", "mail.example.net"))
        .map(([l, d]) => `${l}@${d}`)
        .filter(lengthOk(s));
    case "uri":
    case "url":
      return fc.webUrl().filter(lengthOk(s));
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "date":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (typeof s.pattern === "string") {
    let re: RegExp;
    try {
      re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter(lengthOk(s));
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): generate and keep what matches.
      re ??= new RegExp(s.pattern);
      const test = re;
      return fc.string({ minLength: min, maxLength: max }).filter((v) => test.test(v));
    }
  }
  if (o.text) {
    const custom = o.text.map((v) => {
      const chars = [...v];
      if (chars.length > max) return chars.slice(0, max).join("");
      return chars.length < min ? v.padEnd(v.length + (min - chars.length), "x") : v;
    });
    return custom.filter(lengthOk(s));
  }
  return fc.string({ minLength: min, maxLength: max, unit: "binary" });
}

function numberArb(s: S, integer: boolean): fc.Arbitrary<number> {
  let min: number = s.minimum ?? -1_000_000;
  let max: number = s.maximum ?? 1_000_000;
  if (typeof s.exclusiveMinimum === "number") min = Math.max(min, s.exclusiveMinimum + (integer ? 1 : 1e-9));
  if (typeof s.exclusiveMaximum === "number") max = Math.min(max, s.exclusiveMaximum - (integer ? 1 : 1e-9));
  if (s.exclusiveMinimum === true) min += integer ? 1 : 1e-9;
  if (s.exclusiveMaximum === true) max -= integer ? 1 : 1e-9;
  if (integer) {
    const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    const arb = fc.integer({ min: lo, max: Math.max(lo, hi) });
    return s.multipleOf ? arb.map((n) => Math.min(hi, Math.ceil(n / s.multipleOf) * s.multipleOf)) : arb;
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
}

function build(
  schema: JsonSchema,
  o: Required<Omit<ArbitraryOptions, "root" | "text">> & ArbitraryOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) return fc.constant(null);
  let s = schema as S;
  if (typeof s.$ref === "string") return build(resolveRef(s.$ref, o.root), o, depth);
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    s = mergeAllOf([rest, ...allOf.map((x: JsonSchema) => (typeof x === "object" && x.$ref ? resolveRef(x.$ref, o.root) : x) as S)]);
  }
  const core = buildCore(s, o, depth);
  return s.nullable === true ? fc.oneof({ arbitrary: core, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : core;
}

function buildCore(s: S, o: Required<Omit<ArbitraryOptions, "root" | "text">> & ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    // Keywords beside anyOf (e.g. `default`) apply to every branch.
    const branches = alternatives.map((b: JsonSchema) => build(typeof b === "object" ? { ...rest, ...b } : b, o, depth));
    return fc.oneof(...branches);
  }
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties || s.additionalProperties ? ["object"] : [];
  if (type.length > 1) return fc.oneof(...type.map((t: string) => buildCore({ ...s, type: t }, o, depth)));
  switch (type[0]) {
    case "string":
      return stringArb(s, o);
    case "integer":
      return numberArb(s, true);
    case "number":
      return numberArb(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = s.minItems ?? 0;
      const maxLength =
        depth >= o.maxDepth
          ? minLength
          : Math.max(minLength, Math.min(s.maxItems ?? Number.POSITIVE_INFINITY, minLength + o.maxExtraItems));
      const item = build(s.items ?? {}, o, depth + 1);
      return s.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    case "object": {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set<string>(s.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      const extra = s.additionalProperties;
      for (const [k, v] of Object.entries(props)) if (required.has(k) || depth < o.maxDepth) shape[k] = build(v, o, depth + 1);
      // z.record(z.enum([...]), v): every key required, their values from additionalProperties.
      for (const k of required) if (!(k in shape)) shape[k] = build(typeof extra === "object" ? extra : {}, o, depth + 1);
      const record = fc.record(shape, { requiredKeys: [...required] });
      const closedKeys = Array.isArray(s.propertyNames?.enum);
      if (extra && typeof extra === "object" && Object.keys(props).length === 0 && !closedKeys && depth < o.maxDepth) {
        const keyArb = s.propertyNames
          ? (stringArb(s.propertyNames, o) as fc.Arbitrary<string>)
          : fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
        const dict = fc.dictionary(keyArb, build(extra, o, depth + 1), {
          minKeys: s.minProperties ?? 0,
          maxKeys: Math.max(s.minProperties ?? 0, Math.min(s.maxProperties ?? 4, 4)),
        });
        return fc.tuple(record, dict).map(([r, d]) => ({ ...d, ...r }));
      }
      return record;
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** A fast-check arbitrary of values valid for `schema`. */
export function arbitraryFor(schema: JsonSchema, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const o = { maxExtraItems: 3, maxStringLength: 24, maxDepth: 6, ...opts, root: opts.root ?? schema };
  return build(schema, o, 0);
}

/** One deterministic valid value for `schema` (same seed, same value). */
export function sampleValid(schema: JsonSchema, seed: number, opts: ArbitraryOptions = {}): unknown {
  return fc.sample(arbitraryFor(schema, opts), { seed, numRuns: 1 })[0];
}

/** OpenAPI 3.0 `nullable: true` as JSON Schema: `anyOf: [schema, {type: "null"}]`, recursively. */
export function withoutNullable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withoutNullable) as unknown as JsonSchema;
  if (typeof schema !== "object" || schema === null) return schema;
  const out: S = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === "enum" || k === "const" || k === "default" ? v : withoutNullable(v);
  if (out.nullable !== true) {
    delete out.nullable;
    return out;
  }
  const { nullable: _n, ...rest } = out;
  return { anyOf: [rest, { type: "null" }] };
}

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;
let ajv: Ajv | undefined;
const validators = new WeakMap<object, ValidateFunction>();

/** An ajv validator for a schema of the document (cached per schema object). */
export function validatorFor(schema: JsonSchema): ValidateFunction {
  if (!ajv) ajv = addFormats(new Ajv({ strict: false, allErrors: false, validateFormats: true }));
  if (typeof schema !== "object") return ajv.compile(schema);
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(withoutNullable(schema) as object);
    validators.set(schema, v);
  }
  return v;
}
