/**
 * /ai-tools/llm-console: up to three prompt variants with a lead's {{variables}}, run side by side
 * against the configured model and the built-in templates (docs/ai/activity.md); every output shows
 * its tokens, cost, duration and ledger row, and can be saved as an email template.
 */
import AddOutlined from "@mui/icons-material/AddOutlined";
import PlayArrowOutlined from "@mui/icons-material/PlayArrowOutlined";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { EmailTone, type Lead, type LlmConsoleOutput, PROMPT_VARIABLES } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { ApiError } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useAiUsage, useConsoleLeadOptions, useConsoleRun, useSaveTemplate } from "../api/use-ai-activity.ts";
import { dollars, durationLabel, OUTCOME_COLOR, tokensLabel } from "../components/ai-format.ts";
import { SavedTemplatesCard } from "../components/saved-templates-card.tsx";

const QUESTION = "What would the model, or the built-in templates, write for this lead, and which prompt writes it best?";

const FIRST_PROMPT =
  "Write a short cold email to {{first_name}}, {{role}} at {{company_name}} ({{industry}}). One idea, one question, signed by {{sender_name}}.";

const leadLabel = (l: Lead) =>
  [[l.first_name, l.last_name].filter(Boolean).join(" "), l.company_name, l.email].filter(Boolean).join(" · ") || l.id;

/** The lead's own words back into variables, longest first, so a saved template fits every lead. */
export function templatize(text: string, variables: Record<string, string>): string {
  const pairs = Object.entries(variables)
    .filter(([name, v]) => v.trim().length > 1 && name !== "location")
    .sort((a, b) => b[1].length - a[1].length);
  let out = text;
  for (const [name, value] of pairs) out = out.split(value).join(`{{${name}}}`);
  return out;
}

interface Draft {
  name: string;
  subject: string;
  body: string;
}

export default function LlmConsolePage() {
  const toast = useToast();
  const { can } = usePermissions();
  const usage = useAiUsage();
  const run = useConsoleRun();
  const save = useSaveTemplate();
  const [lead, setLead] = useState<Lead | null>(null);
  const [search, setSearch] = useState("");
  const leads = useConsoleLeadOptions(useDebounced(search, 250));
  const [tone, setTone] = useState<EmailTone>("professional");
  const [useLlm, setUseLlm] = useState(true);
  const [prompts, setPrompts] = useState<string[]>([FIRST_PROMPT]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const configured = usage.data?.llm_configured ?? false;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empty = Object.fromEntries(prompts.flatMap((p, i) => (p.trim() ? [] : [[`variants.${i}.prompt`, "Write a prompt"]])));
    setFieldErrors(empty);
    if (Object.keys(empty).length) return;
    run.mutate(
      { lead_id: lead?.id, tone, use_llm: useLlm, variants: prompts.map((prompt) => ({ prompt })) },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.errors?.length) {
            setFieldErrors(Object.fromEntries(err.errors.map((f) => [f.field, f.message])));
          }
        },
      },
    );
  };

  const openSave = (o: LlmConsoleOutput) => {
    const vars = run.data?.variables ?? {};
    const n = o.variant === null ? "templates" : `prompt ${o.variant + 1}`;
    setDraftErrors({});
    setDraft({
      name: `${lead ? leadLabel(lead).split(" · ")[0] : "Lead"} — ${n}`,
      subject: templatize(o.subject ?? "", vars),
      body: templatize(o.body ?? "", vars),
    });
  };

  const saveDraft = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: (t) => {
        toast.success(`Saved “${t.name}”`);
        setDraft(null);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errors?.length) setDraftErrors(Object.fromEntries(err.errors.map((f) => [f.field, f.message])));
        else setDraftErrors({ name: err.message });
      },
    });
  };

  const outputs = run.data?.outputs ?? [];
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Each run is recorded on AI Activity with its prompt, tokens and cost. The built-in templates always answer; the model answers when one is configured."
      />
      {usage.data && !configured && (
        <Alert severity="info">
          No language model is configured (set LLM_BASE_URL): the built-in templates answer, and the prompts show with the lead's variables
          filled in.
        </Alert>
      )}
      {usage.data?.capped && (
        <Alert severity="warning">
          This month's AI spend cap is reached: the model's calls will be refused until an admin raises it on AI Activity.
        </Alert>
      )}
      <Card variant="outlined" component="form" onSubmit={submit} noValidate>
        <CardHeader title="Lead and prompts" slotProps={{ title: { variant: "subtitle1" } }} />
        <CardContent sx={{ display: "grid", gap: 2 }}>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <Autocomplete
              sx={{ flex: 1, minWidth: 260 }}
              options={leads.data?.items ?? []}
              getOptionLabel={leadLabel}
              filterOptions={(x) => x}
              value={lead}
              onChange={(_, v) => setLead(v)}
              onInputChange={(_, v) => setSearch(v)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={search ? "No lead matches" : "No leads yet: add or import leads first"}
              renderInput={(params) => <TextField {...params} label="Lead" size="small" helperText="Fills the {{variables}}" />}
            />
            <TextField
              select
              size="small"
              label="Template tone"
              value={tone}
              onChange={(e) => setTone(e.target.value as EmailTone)}
              sx={{ minWidth: 180 }}
            >
              {EmailTone.options.map((t) => (
                <MenuItem key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={useLlm && configured} disabled={!configured} onChange={(e) => setUseLlm(e.target.checked)} />}
              label="Ask the model too"
            />
          </Box>
          <Typography variant="body2" color="textSecondary">
            Variables: {PROMPT_VARIABLES.map((v) => `{{${v}}}`).join(" ")}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: `repeat(${prompts.length}, 1fr)` } }}>
            {prompts.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: variants are positions (1, 2, 3)
              <Box key={i} sx={{ display: "grid", gap: 1 }}>
                <TextField
                  label={`Prompt ${i + 1}`}
                  multiline
                  minRows={5}
                  value={p}
                  onChange={(e) => setPrompts((list) => list.map((x, j) => (j === i ? e.target.value : x)))}
                  error={Boolean(fieldErrors[`variants.${i}.prompt`])}
                  helperText={fieldErrors[`variants.${i}.prompt`]}
                />
                {prompts.length > 1 && (
                  <Button size="small" onClick={() => setPrompts((list) => list.filter((_, j) => j !== i))} sx={{ justifySelf: "start" }}>
                    {`Remove prompt ${i + 1}`}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
          {fieldErrors.variants && <Alert severity="error">{fieldErrors.variants}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" startIcon={<PlayArrowOutlined />} disabled={run.isPending}>
              {run.isPending ? "Running…" : "Run"}
            </Button>
            <Button
              startIcon={<AddOutlined />}
              disabled={prompts.length >= 3}
              onClick={() => setPrompts((list) => [...list, list.at(-1) ?? ""])}
            >
              Add a variant
            </Button>
          </Stack>
          {run.isError && !(run.error instanceof ApiError && run.error.errors?.length) && (
            <Alert severity="error">{run.error.message}</Alert>
          )}
        </CardContent>
      </Card>

      {outputs.length === 0 ? (
        <EmptyState
          title="Nothing run yet"
          hint="Pick a lead, write one to three prompts and press Run: the built-in templates and, when configured, the model answer side by side with their tokens, cost and time."
        />
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: `repeat(${Math.min(outputs.length, 4)}, 1fr)` } }}>
          {outputs.map((o) => (
            <Card
              variant="outlined"
              key={o.action_id}
              component="section"
              aria-label={o.variant === null ? "Built-in templates" : `Prompt ${o.variant + 1} output`}
            >
              <CardHeader
                title={o.variant === null ? "Built-in templates" : `Prompt ${o.variant + 1}`}
                subheader={o.model}
                slotProps={{ title: { variant: "subtitle1" } }}
                action={<Chip size="small" label={o.outcome} color={OUTCOME_COLOR[o.outcome]} variant="outlined" />}
              />
              <CardContent sx={{ display: "grid", gap: 1 }}>
                {o.error && <Alert severity={o.outcome === "refused" ? "warning" : "error"}>{o.error}</Alert>}
                {o.subject && <Typography variant="subtitle2">{`Subject: ${o.subject}`}</Typography>}
                {o.body && (
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                    {o.body}
                  </Typography>
                )}
                <Typography variant="caption" color="textSecondary">
                  {`Tokens in/out ${tokensLabel(o)} · ${dollars(o.cost_usd)} · ${durationLabel(o.duration_ms)}`}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                  <Button size="small" component={Link} to={`/ai-activity?action=${o.action_id}`}>
                    In the ledger
                  </Button>
                  {o.body && can("campaigns:create") && (
                    <Button size="small" onClick={() => openSave(o)}>
                      Save as template
                    </Button>
                  )}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}

      <SavedTemplatesCard />

      <Dialog open={Boolean(draft)} onClose={() => setDraft(null)} fullWidth maxWidth="sm">
        <Box component="form" onSubmit={saveDraft} noValidate>
          <DialogTitle>Save as template</DialogTitle>
          <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
            <Typography variant="body2" color="textSecondary">
              The lead's details were turned back into variables, so the template fits any lead.
            </Typography>
            {draft &&
              (["name", "subject", "body"] as const).map((f) => (
                <TextField
                  key={f}
                  label={f[0]!.toUpperCase() + f.slice(1)}
                  value={draft[f]}
                  multiline={f === "body"}
                  minRows={f === "body" ? 8 : undefined}
                  onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
                  error={Boolean(draftErrors[f])}
                  helperText={draftErrors[f]}
                />
              ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDraft(null)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Stack>
  );
}
