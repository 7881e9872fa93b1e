/** Several sources in one job (results merged, duplicates skipped): pick the sources and their inputs. */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, TextField, Typography } from "@mui/material";
import type { ScrapingSourceStatus } from "@prospector/contracts";
import type { ReactNode } from "react";
import { type Control, Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { muiField } from "../../auth/lib/auth-form.ts";
import { type MultiFormValues, multiSourceBody, multiSourceForm } from "../lib/scrape-forms.ts";
import { useScrapeSubmit } from "./use-scrape-submit.ts";

const DEFAULTS: MultiFormValues = {
  use_website: true,
  website_url: "",
  website_max_pages: 20,
  use_google_maps: false,
  gm_query: "",
  gm_location: "",
  gm_limit: 20,
  use_linkedin: false,
  li_search_url: "",
  li_limit: 25,
};

type Toggle = "use_website" | "use_google_maps" | "use_linkedin";

function Section(props: {
  control: Control<MultiFormValues, unknown, unknown>;
  name: Toggle;
  label: string;
  status?: ScrapingSourceStatus;
  children: ReactNode;
}) {
  const on = useWatch({ control: props.control, name: props.name });
  const unavailable = props.status?.configured === false;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: "grid", gap: 1.5 }}>
      <Controller
        control={props.control}
        name={props.name}
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} disabled={unavailable} onChange={(_, v) => field.onChange(v)} />}
            label={props.label}
          />
        )}
      />
      {unavailable && (
        <Typography variant="body2" color="textSecondary">
          {`Not configured: ${props.status?.hint ?? "ask an administrator"}`}
        </Typography>
      )}
      {on && !unavailable && props.children}
    </Paper>
  );
}

export function MultiSourceForm({ statuses }: { statuses: Record<string, ScrapingSourceStatus | undefined> }) {
  const { register, control, handleSubmit, setError, reset, formState, getValues } = useForm<MultiFormValues, unknown, unknown>({
    defaultValues: DEFAULTS,
    resolver: zodResolver(multiSourceForm) as unknown as Resolver<MultiFormValues, unknown, unknown>,
  });
  useWatch({ control });
  // Server errors name sources by their position in the body: map each back to its form field.
  const fieldMap: Record<string, string> = {};
  multiSourceBody(getValues()).sources.forEach((s, i) => {
    const fields =
      s.source === "website"
        ? { url: "website_url", max_pages: "website_max_pages" }
        : s.source === "google_maps"
          ? { query: "gm_query", location: "gm_location", limit: "gm_limit" }
          : { search_url: "li_search_url", limit: "li_limit" };
    for (const [k, v] of Object.entries(fields)) fieldMap[`sources.${i}.${k}`] = v;
  });
  const { submit, error, pending } = useScrapeSubmit("multi-source", setError, fieldMap);
  const e = formState.errors;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((body) => submit(body, () => reset()))} sx={{ display: "grid", gap: 2 }}>
      <Typography variant="body2">One job runs each chosen source; the leads found are merged and duplicates skipped.</Typography>
      {e.use_website?.message && <Alert severity="error">{e.use_website.message}</Alert>}
      <Section control={control} name="use_website" label="Website" status={statuses.website}>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "3fr 1fr" } }}>
          <TextField
            label="Website"
            placeholder="example.com"
            error={Boolean(e.website_url)}
            helperText={e.website_url?.message}
            {...muiField(register("website_url"))}
          />
          <TextField
            label="Pages at most"
            type="number"
            error={Boolean(e.website_max_pages)}
            helperText={e.website_max_pages?.message}
            {...muiField(register("website_max_pages"))}
          />
        </Box>
      </Section>
      <Section control={control} name="use_google_maps" label="Google Maps" status={statuses.google_maps}>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "2fr 2fr 1fr" } }}>
          <TextField label="Search for" error={Boolean(e.gm_query)} helperText={e.gm_query?.message} {...muiField(register("gm_query"))} />
          <TextField
            label="Location (optional)"
            error={Boolean(e.gm_location)}
            helperText={e.gm_location?.message}
            {...muiField(register("gm_location"))}
          />
          <TextField
            label="Places at most"
            type="number"
            error={Boolean(e.gm_limit)}
            helperText={e.gm_limit?.message}
            {...muiField(register("gm_limit"))}
          />
        </Box>
      </Section>
      <Section control={control} name="use_linkedin" label="LinkedIn search" status={statuses.linkedin}>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "3fr 1fr" } }}>
          <TextField
            label="Search URL"
            error={Boolean(e.li_search_url)}
            helperText={e.li_search_url?.message}
            {...muiField(register("li_search_url"))}
          />
          <TextField
            label="Leads at most"
            type="number"
            error={Boolean(e.li_limit)}
            helperText={e.li_limit?.message}
            {...muiField(register("li_limit"))}
          />
        </Box>
      </Section>
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? "Starting…" : "Start multi-source job"}
        </Button>
      </Box>
    </Box>
  );
}
