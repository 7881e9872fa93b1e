/**
 * Policy conditions (outreach-core §6): time, location, ip, attribute and rate_limit are
 * evaluated against the request; quota needs usage counters that do not exist yet, so the service
 * refuses to store it and the evaluator never lets it fire.
 * An unknown value (no country header, say) fails closed: positive operators do not hold, and
 * negative ones (ne, not_in, not_between, not_in_cidr) do, so "deny unless in the allowlist"
 * still denies when the value cannot be known.
 */
import { BlockList, isIP } from "node:net";
import type { PolicyConditionRow } from "./access.table.ts";

export interface ConditionContext {
  now: Date;
  ip: string | null;
  country: string | null;
  /** Requests the caller made in the current rate-limit window, including this one. */
  requests: number | null;
  user: { id: string; email: string; role: string; via: string };
  resource: { type: string; action: string; id: string | null };
}

export const SUPPORTED_CONDITIONS = ["time", "location", "ip", "attribute", "rate_limit"] as const;

export const CONDITION_FIELDS: Record<string, readonly string[]> = {
  time: ["hour", "weekday", "time"],
  location: ["country"],
  ip: ["ip"],
  attribute: ["user.id", "user.email", "user.role", "user.via", "resource.type", "resource.action", "resource.id"],
  rate_limit: ["requests"],
};

const NEGATIVE = new Set(["ne", "not_in", "not_between", "not_in_cidr"]);

type Scalar = string | number;

function fieldValue(c: PolicyConditionRow, ctx: ConditionContext): Scalar | null {
  switch (c.type) {
    case "time": {
      const d = ctx.now;
      if (c.field === "hour") return d.getUTCHours();
      if (c.field === "weekday") return d.getUTCDay();
      if (c.field === "time") return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
      return null;
    }
    case "location":
      return c.field === "country" && ctx.country ? ctx.country.toUpperCase() : null;
    case "ip":
      return c.field === "ip" && ctx.ip ? normalizeIp(ctx.ip) : null;
    case "rate_limit":
      return c.field === "requests" ? ctx.requests : null;
    case "attribute": {
      const [scope, key] = c.field.split(".", 2) as [string, string];
      const bag = scope === "user" ? ctx.user : scope === "resource" ? ctx.resource : null;
      const v = bag ? (bag as Record<string, unknown>)[key] : null;
      return typeof v === "string" || typeof v === "number" ? v : null;
    }
    default:
      return null;
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** IPv4 clients arrive as `::ffff:a.b.c.d` on dual-stack sockets. */
const normalizeIp = (ip: string) => (ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

function compare(a: Scalar, b: unknown): number | null {
  if (typeof a === "number" && (typeof b === "number" || (typeof b === "string" && b.trim() !== "" && !Number.isNaN(Number(b))))) {
    return a - Number(b);
  }
  if (typeof a === "string" && (typeof b === "string" || typeof b === "number")) {
    const bs = String(b);
    return a < bs ? -1 : a > bs ? 1 : 0;
  }
  return null;
}

const eq = (a: Scalar, b: unknown) => compare(a, b) === 0;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

function inCidr(ip: string, value: unknown): boolean {
  const blocks = new BlockList();
  for (const cidr of list(value)) {
    if (typeof cidr !== "string") continue;
    const [net, bits] = cidr.split("/") as [string, string | undefined];
    const family = isIP(net);
    if (!family) continue;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) blocks.addAddress(net, type);
    else blocks.addSubnet(net, Number(bits), type);
  }
  const family = isIP(ip);
  return family !== 0 && blocks.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** A range whose start is after its end wraps (22:00–06:00 covers midnight). */
function between(v: Scalar, value: unknown): boolean {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const lo = compare(v, value[0]);
  const hi = compare(v, value[1]);
  const span = compare(value[0] as Scalar, value[1]);
  if (lo === null || hi === null || span === null) return false;
  return span <= 0 ? lo >= 0 && hi <= 0 : lo >= 0 || hi <= 0;
}

export function conditionHolds(c: PolicyConditionRow, ctx: ConditionContext): boolean {
  if (!(SUPPORTED_CONDITIONS as readonly string[]).includes(c.type)) return false;
  const v = fieldValue(c, ctx);
  if (c.operator === "exists") return (v !== null) === (c.value !== false);
  if (v === null) return NEGATIVE.has(c.operator);
  const s = String(v);
  switch (c.operator) {
    case "eq":
      return eq(v, c.value);
    case "ne":
      return !eq(v, c.value);
    case "in":
      return list(c.value).some((x) => eq(v, x));
    case "not_in":
      return !list(c.value).some((x) => eq(v, x));
    case "gt":
      return (compare(v, c.value) ?? 0) > 0;
    case "gte":
      return (compare(v, c.value) ?? -1) >= 0;
    case "lt":
      return (compare(v, c.value) ?? 0) < 0;
    case "lte":
      return (compare(v, c.value) ?? 1) <= 0;
    case "between":
      return between(v, c.value);
    case "not_between":
      return !between(v, c.value);
    case "contains":
      return typeof c.value === "string" && s.includes(c.value);
    case "starts_with":
      return typeof c.value === "string" && s.startsWith(c.value);
    case "ends_with":
      return typeof c.value === "string" && s.endsWith(c.value);
    case "in_cidr":
      return inCidr(s, c.value);
    case "not_in_cidr":
      return !inCidr(s, c.value);
    default:
      return false;
  }
}

/** Every condition must hold; a rule without conditions always holds. */
export const conditionsHold = (conditions: readonly PolicyConditionRow[], ctx: ConditionContext): boolean =>
  conditions.every((c) => conditionHolds(c, ctx));

/** Why a condition cannot be stored, or null when it is well-formed and supported. */
export function conditionProblem(c: PolicyConditionRow): string | null {
  if (!(SUPPORTED_CONDITIONS as readonly string[]).includes(c.type)) {
    return `Condition type "${c.type}" is not supported yet (supported: ${SUPPORTED_CONDITIONS.join(", ")})`;
  }
  const fields = CONDITION_FIELDS[c.type] ?? [];
  if (!fields.includes(c.field)) return `Field "${c.field}" is not available for ${c.type} conditions (use ${fields.join(", ")})`;
  if ((c.operator === "between" || c.operator === "not_between") && !(Array.isArray(c.value) && c.value.length === 2)) {
    return `${c.operator} needs a [from, to] pair`;
  }
  if ((c.operator === "in_cidr" || c.operator === "not_in_cidr") && c.type !== "ip") return `${c.operator} applies to ip conditions only`;
  if (c.operator === "in_cidr" || c.operator === "not_in_cidr") {
    for (const cidr of list(c.value)) {
      const [net, bits] = String(cidr).split("/");
      const family = isIP(net ?? "");
      const max = family === 4 ? 32 : 128;
      if (!family || (bits !== undefined && !(Number.isInteger(Number(bits)) && Number(bits) >= 0 && Number(bits) <= max))) {
        return `"${String(cidr)}" is not an IP address or CIDR range`;
      }
    }
  }
  return null;
}
