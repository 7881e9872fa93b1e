/**
 * Field schemas several contracts share (leads, CRM records, campaign lists): free text that an
 * empty string clears, an email stored lower-case, tags, and list query parameters.
 */
import { z } from "zod";

/** Trimmed text of at most `max` characters; "" means no value (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .transform((s) => s.trim())
    .transform((s) => (s === "" ? null : s))
    .nullish();

/** An email address, trimmed and lower-cased; "" means no value (null). */
export const optionalEmail = z
  .string()
  .max(254, "At most 254 characters")
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.union([z.literal(""), z.email("Enter a valid email address")]))
  .transform((s) => (s === "" ? null : s))
  .nullish();

export const Tag = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, "A tag cannot be empty").max(50, "A tag has at most 50 characters"));

/** At most 50 tags, duplicates dropped. */
export const Tags = z
  .array(Tag)
  .max(50, "At most 50 tags")
  .transform((t) => [...new Set(t)]);

/** A list query parameter: "a,b" or repeated parameters both give a list (at most `max` items). */
export const listOf = <T extends z.ZodType>(item: T, max = 20) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(",")).filter(Boolean)),
    z.array(item).max(max).optional(),
  );
