/**
 * Starting a scrape from a form: sends the body, tells the user the job is queued, and on refusal
 * puts the server's field errors on the form and returns the rest (e.g. "not configured: set …").
 */
import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { placeServerErrors } from "../../leads/lib/lead-form.ts";
import { type ScrapePath, useStartScrape } from "../api/use-scraping.ts";

export function useScrapeSubmit<T extends FieldValues>(path: ScrapePath, setError: UseFormSetError<T>, fields: Record<string, string>) {
  const start = useStartScrape();
  const toast = useToast();
  const [error, setFormError] = useState<string | null>(null);
  const submit = async (body: unknown, onStarted?: () => void) => {
    setFormError(null);
    try {
      await start.mutateAsync({ path, body });
      toast.success("Discovery job started: progress shows in the job list");
      onStarted?.();
    } catch (err) {
      // Server field names (url, sources.0.url…) map onto this form's fields.
      const mapped = Object.keys(fields);
      const message = placeServerErrors(
        err,
        ((name: string, e: { type: string; message: string }) => setError(fields[name] as never, e)) as unknown as UseFormSetError<T>,
        mapped,
      );
      setFormError(message);
    }
  };
  return { submit, error, pending: start.isPending };
}
