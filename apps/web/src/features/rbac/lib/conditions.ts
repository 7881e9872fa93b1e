/**
 * The policy condition builder's model (outreach-core §6): for each condition type, the fields the
 * server evaluates (access.conditions.ts), the operators that make sense for the field's kind of
 * value, and the conversion between what the form holds (text) and the JSON the API stores.
 */
import type { ConditionOperator, ConditionType, PolicyCondition } from "@prospector/contracts";

/** How a field's value is entered: it decides the operators offered and the input shown. */
export type ValueKind = "number" | "weekday" | "clock" | "country" | "cidr" | "text";

export interface FieldInfo {
  field: string;
  label: string;
  kind: ValueKind;
  /** Inclusive bounds of a number field. */
  min?: number;
  max?: number;
}

export const CONDITION_TYPES: { type: ConditionType; label: string; hint: string }[] = [
  { type: "time", label: "Time", hint: "Hour, weekday or time of day (UTC)" },
  { type: "location", label: "Location", hint: "The caller's country, from the proxy's country header" },
  { type: "ip", label: "IP address", hint: "The caller's IP address" },
  { type: "attribute", label: "Attribute", hint: "A property of the user or of the resource" },
  { type: "quota", label: "Quota", hint: "Usage against a plan quota" },
  { type: "rate_limit", label: "Rate limit", hint: "Requests the caller made this minute" },
];

export const FIELDS: Record<ConditionType, FieldInfo[]> = {
  time: [
    { field: "hour", label: "Hour (0–23, UTC)", kind: "number", min: 0, max: 23 },
    { field: "weekday", label: "Weekday (UTC)", kind: "weekday" },
    { field: "time", label: "Time of day (HH:MM, UTC)", kind: "clock" },
  ],
  location: [{ field: "country", label: "Country", kind: "country" }],
  ip: [{ field: "ip", label: "IP address", kind: "cidr" }],
  attribute: [
    { field: "user.id", label: "User id", kind: "text" },
    { field: "user.email", label: "User email", kind: "text" },
    { field: "user.role", label: "User role", kind: "text" },
    { field: "user.via", label: "Signed in via (session, api_key, token)", kind: "text" },
    { field: "resource.type", label: "Resource type", kind: "text" },
    { field: "resource.action", label: "Action", kind: "text" },
    { field: "resource.id", label: "Resource id", kind: "text" },
  ],
  quota: [{ field: "usage_percent", label: "Plan usage (%)", kind: "number", min: 0, max: 100 }],
  rate_limit: [{ field: "requests", label: "Requests this minute", kind: "number", min: 0 }],
};

export const OPERATORS: Record<ValueKind, ConditionOperator[]> = {
  number: ["gt", "gte", "lt", "lte", "eq", "ne", "between", "not_between", "in", "not_in"],
  weekday: ["in", "not_in", "eq", "ne", "between", "not_between"],
  clock: ["between", "not_between", "gte", "lte", "gt", "lt", "eq", "ne"],
  country: ["in", "not_in", "eq", "ne"],
  cidr: ["in_cidr", "not_in_cidr", "eq", "ne"],
  text: ["eq", "ne", "in", "not_in", "contains", "starts_with", "ends_with", "exists"],
};

export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  eq: "is",
  ne: "is not",
  in: "is one of",
  not_in: "is none of",
  gt: "is more than",
  gte: "is at least",
  lt: "is less than",
  lte: "is at most",
  between: "is between",
  not_between: "is outside",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  exists: "is present",
  in_cidr: "is in range",
  not_in_cidr: "is not in range",
};

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** What the value input looks like for an operator. */
export type ValueShape = "single" | "list" | "range" | "none";

export function shapeOf(operator: ConditionOperator): ValueShape {
  if (operator === "exists") return "none";
  if (operator === "between" || operator === "not_between") return "range";
  if (operator === "in" || operator === "not_in" || operator === "in_cidr" || operator === "not_in_cidr") return "list";
  return "single";
}

/** One condition as the form holds it: every value as text, converted on save. */
export interface ConditionDraft {
  type: ConditionType;
  field: string;
  operator: ConditionOperator;
  /** Single values. */
  value: string;
  /** List values (countries, CIDR ranges, weekdays as "0".."6", numbers, text). */
  list: string[];
  from: string;
  to: string;
}

export function fieldInfo(type: ConditionType, field: string): FieldInfo {
  const fields = FIELDS[type];
  return fields.find((f) => f.field === field) ?? (fields[0] as FieldInfo);
}

/** A new condition of `type` with its first field and that field's first operator. */
export function newDraft(type: ConditionType = "time"): ConditionDraft {
  const info = FIELDS[type][0] as FieldInfo;
  return { type, field: info.field, operator: OPERATORS[info.kind][0] as ConditionOperator, value: "", list: [], from: "", to: "" };
}

/** Changing the type or field keeps the operator and value for the same kind of value, else starts that kind afresh. */
export function withField(draft: ConditionDraft, type: ConditionType, field?: string): ConditionDraft {
  const info = field ? fieldInfo(type, field) : (FIELDS[type][0] as FieldInfo);
  const ops = OPERATORS[info.kind];
  const sameKind = fieldInfo(draft.type, draft.field).kind === info.kind;
  const operator = sameKind && ops.includes(draft.operator) ? draft.operator : (ops[0] as ConditionOperator);
  return sameKind
    ? { ...draft, type, field: info.field, operator }
    : { type, field: info.field, operator, value: "", list: [], from: "", to: "" };
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const COUNTRY = /^[A-Z]{2}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+$/i;

function isAddressOrRange(text: string): boolean {
  const [net = "", bits, extra] = text.split("/");
  if (extra !== undefined) return false;
  const v4 = IPV4.test(net);
  const v6 = !v4 && net.includes(":") && IPV6.test(net);
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (v4 ? 32 : 128);
}

type Scalar = string | number;
type Parsed = { ok: true; value: Scalar } | { ok: false; error: string };

function parseOne(info: FieldInfo, raw: string): Parsed {
  const text = raw.trim();
  switch (info.kind) {
    case "number":
    case "weekday": {
      const min = info.kind === "weekday" ? 0 : info.min;
      const max = info.kind === "weekday" ? 6 : info.max;
      const n = Number(text);
      const inRange = text !== "" && Number.isInteger(n) && (min === undefined || n >= min) && (max === undefined || n <= max);
      if (inRange) return { ok: true, value: n };
      if (info.kind === "weekday") return { ok: false, error: "Choose a weekday" };
      return {
        ok: false,
        error: max === undefined ? `Enter a whole number of at least ${min ?? 0}` : `Enter a whole number from ${min ?? 0} to ${max}`,
      };
    }
    case "clock":
      return CLOCK.test(text) ? { ok: true, value: text } : { ok: false, error: "Enter a time as HH:MM (24-hour, UTC)" };
    case "country": {
      const code = text.toUpperCase();
      return COUNTRY.test(code) ? { ok: true, value: code } : { ok: false, error: `"${text}" is not a two-letter country code` };
    }
    case "cidr":
      return isAddressOrRange(text) ? { ok: true, value: text } : { ok: false, error: `"${text}" is not an IP address or CIDR range` };
    default:
      return text ? { ok: true, value: text } : { ok: false, error: "Enter a value" };
  }
}

export type ConditionResult = { ok: true; condition: PolicyCondition } | { ok: false; error: string };

/** The JSON the API stores for a draft, or the first thing wrong with it. */
export function toCondition(draft: ConditionDraft): ConditionResult {
  const info = fieldInfo(draft.type, draft.field);
  const base = { type: draft.type, operator: draft.operator, field: info.field };
  const shape = shapeOf(draft.operator);
  if (shape === "none") return { ok: true, condition: { ...base, value: true } };
  if (shape === "single") {
    const one = parseOne(info, draft.value);
    return one.ok ? { ok: true, condition: { ...base, value: one.value } } : one;
  }
  if (shape === "range") {
    const from = parseOne(info, draft.from);
    if (!from.ok) return { ok: false, error: `From: ${from.error}` };
    const to = parseOne(info, draft.to);
    if (!to.ok) return { ok: false, error: `To: ${to.error}` };
    return { ok: true, condition: { ...base, value: [from.value, to.value] } };
  }
  const items = draft.list.map((s) => s.trim()).filter(Boolean);
  if (!items.length) return { ok: false, error: "Add at least one value" };
  const values: Scalar[] = [];
  for (const item of items) {
    const one = parseOne(info, item);
    if (!one.ok) return one;
    if (!values.includes(one.value)) values.push(one.value);
  }
  return { ok: true, condition: { ...base, value: values } };
}

/** A stored condition back into the form (an unknown field keeps its name so nothing is lost silently). */
export function fromCondition(c: PolicyCondition): ConditionDraft {
  const known = FIELDS[c.type].some((f) => f.field === c.field);
  const draft: ConditionDraft = {
    type: c.type,
    field: known ? c.field : (FIELDS[c.type][0]?.field ?? c.field),
    operator: c.operator,
    value: "",
    list: [],
    from: "",
    to: "",
  };
  const v = c.value;
  const shape = shapeOf(c.operator);
  if (shape === "range" && Array.isArray(v)) return { ...draft, from: String(v[0] ?? ""), to: String(v[1] ?? "") };
  if (shape === "list") return { ...draft, list: (Array.isArray(v) ? v : v === null ? [] : [v]).map(String) };
  if (shape === "single" && v !== null && !Array.isArray(v)) return { ...draft, value: String(v) };
  return draft;
}

/** A one-line reading of a stored condition, for lists: "weekday is one of Monday, Friday". */
export function describeCondition(c: PolicyCondition): string {
  const info = FIELDS[c.type]?.find((f) => f.field === c.field);
  const show = (x: unknown) => (info?.kind === "weekday" && typeof x === "number" ? (WEEKDAYS[x] ?? String(x)) : String(x));
  const v = c.value;
  const value =
    shapeOf(c.operator) === "none"
      ? ""
      : shapeOf(c.operator) === "range" && Array.isArray(v)
        ? ` ${show(v[0])}–${show(v[1])}`
        : Array.isArray(v)
          ? ` ${v.map(show).join(", ")}`
          : ` ${show(v)}`;
  return `${c.type === "attribute" ? c.field : `${c.type}.${c.field}`} ${OPERATOR_LABELS[c.operator]}${value}`;
}
