/** Crawl a company website (same site, robots.txt respected) for contacts. */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, TextField } from "@mui/material";
import { MAX_CRAWL_PAGES, type ScrapingSourceStatus } from "@prospector/contracts";
import { type Resolver, useForm } from "react-hook-form";
import { muiField } from "../../auth/lib/auth-form.ts";
import { type WebsiteFormValues, websiteForm } from "../lib/scrape-forms.ts";
import { SourceNotice } from "./source-notice.tsx";
import { useScrapeSubmit } from "./use-scrape-submit.ts";

export function WebsiteForm({ status }: { status?: ScrapingSourceStatus }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<WebsiteFormValues, unknown, unknown>({
    defaultValues: { url: "", max_pages: 20 },
    resolver: zodResolver(websiteForm) as unknown as Resolver<WebsiteFormValues, unknown, unknown>,
  });
  const { submit, error, pending } = useScrapeSubmit("website", setError, { url: "url", max_pages: "max_pages" });
  const blocked = status?.configured === false;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((body) => submit(body, () => reset()))} sx={{ display: "grid", gap: 2 }}>
      <SourceNotice status={status} label="Website crawling" />
      <TextField
        label="Website"
        placeholder="example.com"
        error={Boolean(formState.errors.url)}
        helperText={formState.errors.url?.message ?? "Pages on the same site are crawled; robots.txt is respected."}
        {...muiField(register("url"))}
      />
      <TextField
        label="Pages at most"
        type="number"
        sx={{ maxWidth: 200 }}
        slotProps={{ htmlInput: { min: 1, max: MAX_CRAWL_PAGES } }}
        error={Boolean(formState.errors.max_pages)}
        helperText={formState.errors.max_pages?.message ?? `1 to ${MAX_CRAWL_PAGES}`}
        {...muiField(register("max_pages"))}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={pending || blocked}>
          {pending ? "Starting…" : "Crawl website"}
        </Button>
      </Box>
    </Box>
  );
}
