/**
 * An update schema from a settings schema: every field optional and WITHOUT its default. zod 4's
 * `.partial()` keeps `.default()`, so a partial update would silently reset the fields it omits.
 */
import { z } from "zod";

type Unwrapped<S> = S extends z.ZodDefault<infer I> ? I : S;
type UpdateShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<Unwrapped<T[K]>> };

export function partialUpdate<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<UpdateShape<T>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const inner = field instanceof z.ZodDefault ? field.unwrap() : field;
      return [key, (inner as z.ZodType).optional()];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<UpdateShape<T>>;
}
