/** People or companies from the configured LinkedIn data provider: a search URL, profiles or companies. */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, TextField } from "@mui/material";
import type { ScrapingSourceStatus } from "@prospector/contracts";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { muiField } from "../../auth/lib/auth-form.ts";
import { type LinkedInFormValues, linkedInForm } from "../lib/scrape-forms.ts";
import { SourceNotice } from "./source-notice.tsx";
import { useScrapeSubmit } from "./use-scrape-submit.ts";

const MODES = [
  { value: "search_url", label: "Search URL", help: "A LinkedIn or Sales Navigator search results URL" },
  { value: "profile_urls", label: "Profile URLs", help: "linkedin.com/in/… addresses, one per line (up to 500)" },
  { value: "company_urls", label: "Company URLs", help: "linkedin.com/company/… addresses, one per line (up to 100)" },
] as const;

export function LinkedInForm({ status }: { status?: ScrapingSourceStatus }) {
  const { register, control, handleSubmit, setError, reset, formState } = useForm<LinkedInFormValues, unknown, unknown>({
    defaultValues: { mode: "search_url", input: "", limit: 25 },
    resolver: zodResolver(linkedInForm) as unknown as Resolver<LinkedInFormValues, unknown, unknown>,
  });
  const mode = useWatch({ control, name: "mode" });
  const { submit, error, pending } = useScrapeSubmit("linkedin", setError, {
    search_url: "input",
    profile_urls: "input",
    company_urls: "input",
    limit: "limit",
  });
  const current = MODES.find((m) => m.value === mode) ?? MODES[0];
  const e = formState.errors;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((body) => submit(body, () => reset()))} sx={{ display: "grid", gap: 2 }}>
      <SourceNotice status={status} label="LinkedIn" />
      <Controller
        control={control}
        name="mode"
        render={({ field }) => (
          <RadioGroup row value={field.value} onChange={(_, v) => field.onChange(v)} aria-label="LinkedIn input">
            {MODES.map((m) => (
              <FormControlLabel key={m.value} value={m.value} control={<Radio />} label={m.label} />
            ))}
          </RadioGroup>
        )}
      />
      <TextField
        label={current.label}
        multiline={mode !== "search_url"}
        minRows={mode !== "search_url" ? 4 : undefined}
        placeholder={mode === "search_url" ? "https://www.linkedin.com/sales/search/people?…" : "https://www.linkedin.com/in/…"}
        error={Boolean(e.input)}
        helperText={e.input?.message ?? current.help}
        {...muiField(register("input"))}
      />
      <TextField
        label="Leads at most"
        type="number"
        sx={{ maxWidth: 200 }}
        slotProps={{ htmlInput: { min: 1, max: 1000 } }}
        error={Boolean(e.limit)}
        helperText={e.limit?.message}
        {...muiField(register("limit"))}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={pending || status?.configured === false}>
          {pending ? "Starting…" : "Fetch from LinkedIn"}
        </Button>
      </Box>
    </Box>
  );
}
