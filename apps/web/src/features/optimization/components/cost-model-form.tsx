/** The workspace's cost model, edited in place (analytics:update); read-only for everyone else. */
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from "@mui/material";
import type { CostModel, CostModelAnswer } from "@prospector/contracts";
import { CostModel as CostModelSchema } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useSaveCostModel } from "../api/use-optimization.ts";

type Draft = Record<string, string>;

const toDraft = (m: CostModelAnswer): Draft => ({
  currency: m.currency,
  inbox_monthly_cost: String(m.inbox_monthly_cost),
  tooling_monthly_cost: String(m.tooling_monthly_cost),
  default_lead_cost: String(m.default_lead_cost),
  ...Object.fromEntries(
    m.known_sources.map((s) => [`source:${s}`, m.lead_cost_by_source[s] === undefined ? "" : String(m.lead_cost_by_source[s])]),
  ),
});

function fromDraft(d: Draft, sources: string[]): unknown {
  const num = (v: string | undefined) => (v === undefined || v.trim() === "" ? Number.NaN : Number(v));
  const bySource: Record<string, number> = {};
  for (const s of sources) {
    const v = d[`source:${s}`];
    if (v !== undefined && v.trim() !== "") bySource[s] = Number(v);
  }
  return {
    currency: (d.currency ?? "").trim().toUpperCase(),
    inbox_monthly_cost: num(d.inbox_monthly_cost),
    tooling_monthly_cost: num(d.tooling_monthly_cost),
    default_lead_cost: num(d.default_lead_cost),
    lead_cost_by_source: bySource,
  };
}

export function CostModelForm({ model, canEdit }: { model: CostModelAnswer; canEdit: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(model));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCostModel();
  useEffect(() => setDraft(toDraft(model)), [model]);
  const field = (key: string, label: string, helper?: string) => (
    <TextField
      key={key}
      size="small"
      label={label}
      value={draft[key] ?? ""}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? helper}
      slotProps={{ input: { readOnly: !canEdit } }}
      sx={{ minWidth: 160, flex: "1 1 160px" }}
    />
  );
  const submit = () => {
    const parsed = CostModelSchema.safeParse(fromDraft(draft, model.known_sources));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => {
            const key = i.path[0] === "lead_cost_by_source" ? `source:${String(i.path[1])}` : String(i.path[0]);
            return [key, i.message.startsWith("Invalid input") || i.message.includes("NaN") ? "Enter a number" : i.message];
          }),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data satisfies CostModel);
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="cost-model-title">
      <CardHeader
        title="Cost model"
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "cost-model-title" } }}
        subheader={
          model.saved
            ? `Saved ${model.updated_at ? new Date(model.updated_at).toLocaleString() : ""}`
            : "Not set yet: every cost below is 0 until it is saved"
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            {field("currency", "Currency", "e.g. EUR, USD")}
            {field("inbox_monthly_cost", "Cost per sending inbox, per month")}
            {field("tooling_monthly_cost", "Fixed tooling cost, per month")}
            {field("default_lead_cost", "Cost per lead (any other source)")}
          </Box>
          {model.known_sources.length > 0 && (
            <>
              <Typography variant="body2" color="textSecondary">
                Cost per lead acquired, by the lead's source (empty: the default above)
              </Typography>
              <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>{model.known_sources.map((s) => field(`source:${s}`, s))}</Box>
            </>
          )}
          {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
          {canEdit ? (
            <Box>
              <Button variant="contained" onClick={submit} disabled={save.isPending}>
                Save cost model
              </Button>
            </Box>
          ) : (
            <Typography variant="body2" color="textSecondary">
              Changing the cost model needs the analytics:update permission (administrators have it).
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
