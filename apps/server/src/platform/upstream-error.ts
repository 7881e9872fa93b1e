/**
 * The readable part of an upstream service's error body, for the errors our provider and LLM
 * clients raise: Google's and OpenAI's `{error: {message}}`, or `{error: "…"}`, `{message: "…"}`,
 * `{detail: "…"}`; anything else as its first 200 characters of collapsed text.
 */
export function errorText(raw: string): string {
  try {
    const j = JSON.parse(raw) as { error?: { message?: string } | string; message?: string; detail?: string };
    const text = typeof j.error === "string" ? j.error : (j.error?.message ?? j.message ?? j.detail);
    if (text) return String(text).slice(0, 300);
  } catch {}
  return raw.replace(/\s+/g, " ").trim().slice(0, 200);
}
