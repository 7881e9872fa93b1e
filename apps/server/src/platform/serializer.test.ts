import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { immutableAnswer, serializerCompiler } from "./serializer.ts";

function app(answers: { wide: object; narrow: object; plain: { n: number } }) {
  const a = Fastify();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  const Wide = z.object({ id: z.string(), tags: z.array(z.string()), secret: z.string().optional() });
  const Narrow = z.object({ id: z.string() });
  a.get("/wide", { schema: { response: { 200: Wide } } }, async () => answers.wide);
  a.get("/narrow", { schema: { response: { 200: Narrow } } }, async () => answers.narrow);
  a.get("/plain", { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => answers.plain);
  return a;
}

describe("response serializer", () => {
  it("encodes an immutable answer per route and reuses it, each route with its own schema", async () => {
    const answer = immutableAnswer({ id: "a1", tags: ["x"], secret: "kept by /wide only" });
    const a = app({ wide: answer, narrow: answer, plain: { n: 1 } });
    const wide = await a.inject({ url: "/wide" });
    expect(wide.json()).toEqual({ id: "a1", tags: ["x"], secret: "kept by /wide only" });
    expect((await a.inject({ url: "/wide" })).body).toBe(wide.body);
    // The same object through a narrower schema: its own encoding, the extra field stripped.
    expect((await a.inject({ url: "/narrow" })).json()).toEqual({ id: "a1" });
    await a.close();
  });

  it("still checks an immutable answer against the schema", async () => {
    const a = app({ wide: immutableAnswer({ id: 42, tags: [] }), narrow: {}, plain: { n: 1 } });
    const res = await a.inject({ url: "/wide" });
    expect(res.statusCode).toBe(500);
    await a.close();
  });

  it("encodes an ordinary answer on every request, so changes show", async () => {
    const plain = { n: 1 };
    const a = app({ wide: {}, narrow: {}, plain });
    expect((await a.inject({ url: "/plain" })).json()).toEqual({ n: 1 });
    plain.n = 2;
    expect((await a.inject({ url: "/plain" })).json()).toEqual({ n: 2 });
    await a.close();
  });

  it("freezes an immutable answer all the way down", () => {
    const answer = immutableAnswer({ id: "a1", tags: ["x"], nested: { deep: [1] } });
    expect(() => {
      (answer.tags as string[]).push("y");
    }).toThrow(TypeError);
    expect(() => {
      (answer.nested.deep as number[])[0] = 2;
    }).toThrow(TypeError);
    expect(Object.isFrozen(answer)).toBe(true);
  });
});
