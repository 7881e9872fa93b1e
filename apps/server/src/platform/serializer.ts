/**
 * Response serialization: fastify-type-provider-zod's compiler (zod encodes and checks every
 * answer against its route's schema, then JSON.stringify), plus a memo for answers a service
 * marks immutable with `immutableAnswer`: such an answer is frozen, so its JSON for a given route
 * never changes, and it is encoded and checked once instead of on every request. `/api/auth/me`,
 * the app's most frequent call, returns the same memoized answer until the caller's profile,
 * grants or role change (bench/api).
 */
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";

const immutable = new WeakSet<object>();

/** Deep-freezes `value` and lets the serializer reuse its JSON. Mutating it afterwards throws. */
export function immutableAnswer<T extends object>(value: T): T {
  deepFreeze(value);
  immutable.add(value);
  return value;
}

function deepFreeze(value: object): void {
  for (const v of Object.values(value)) if (typeof v === "object" && v !== null && !Object.isFrozen(v)) deepFreeze(v);
  Object.freeze(value);
}

export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  // Per route: the same object may be answered by routes whose schemas keep different fields.
  const memo = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== "object" || data === null || !immutable.has(data)) return serialize(data);
    let json = memo.get(data);
    if (json === undefined) {
      json = serialize(data);
      memo.set(data, json);
    }
    return json;
  };
};
