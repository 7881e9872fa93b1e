/** Search businesses on Google Maps (Places API) and crawl their websites for emails. */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Checkbox, FormControlLabel, TextField } from "@mui/material";
import type { ScrapingSourceStatus } from "@prospector/contracts";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { muiField } from "../../auth/lib/auth-form.ts";
import { type GoogleMapsFormValues, googleMapsForm } from "../lib/scrape-forms.ts";
import { SourceNotice } from "./source-notice.tsx";
import { useScrapeSubmit } from "./use-scrape-submit.ts";

export function GoogleMapsForm({ status }: { status?: ScrapingSourceStatus }) {
  const { register, control, handleSubmit, setError, reset, formState } = useForm<GoogleMapsFormValues, unknown, unknown>({
    defaultValues: { query: "", location: "", limit: 20, crawl_websites: true },
    resolver: zodResolver(googleMapsForm) as unknown as Resolver<GoogleMapsFormValues, unknown, unknown>,
  });
  const { submit, error, pending } = useScrapeSubmit("google-maps", setError, { query: "query", location: "location", limit: "limit" });
  const e = formState.errors;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((body) => submit(body, () => reset()))} sx={{ display: "grid", gap: 2 }}>
      <SourceNotice status={status} label="Google Maps" />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "2fr 2fr 1fr" } }}>
        <TextField
          label="Search for"
          placeholder="dentists"
          error={Boolean(e.query)}
          helperText={e.query?.message}
          {...muiField(register("query"))}
        />
        <TextField
          label="Location (optional)"
          placeholder="Lyon, France"
          error={Boolean(e.location)}
          helperText={e.location?.message}
          {...muiField(register("location"))}
        />
        <TextField
          label="Places at most"
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 60 } }}
          error={Boolean(e.limit)}
          helperText={e.limit?.message ?? "Up to 60"}
          {...muiField(register("limit"))}
        />
      </Box>
      <Controller
        control={control}
        name="crawl_websites"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(_, v) => field.onChange(v)} />}
            label="Crawl each business's website for emails and contacts"
          />
        )}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={pending || status?.configured === false}>
          {pending ? "Starting…" : "Search Google Maps"}
        </Button>
      </Box>
    </Box>
  );
}
