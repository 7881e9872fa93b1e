/** This UTC month's AI spend against the workspace's cap, by day (chart | table), and the cap itself for admins. */
import { Alert, Box, Button, Card, CardContent, CardHeader, LinearProgress, Stack, TextField, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { AiUsage } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSaveAiSettings } from "../api/use-ai-activity.ts";
import { dollars, kindLabel } from "./ai-format.ts";

export function UsageCard({ usage, canSetCap }: { usage: AiUsage; canSetCap: boolean }) {
  const cap = usage.settings.monthly_cap_usd;
  const share = cap > 0 ? Math.min(100, (usage.spent_usd / cap) * 100) : 100;
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 2fr" }, alignItems: "start" }}>
      <Card variant="outlined">
        <CardHeader title={`Spend in ${usage.month}`} slotProps={{ title: { variant: "subtitle1" } }} />
        <CardContent sx={{ display: "grid", gap: 1.5 }}>
          <Typography variant="h4" component="p">
            {dollars(usage.spent_usd)}
            <Typography component="span" color="textSecondary">{` of ${dollars(cap)} cap`}</Typography>
          </Typography>
          <LinearProgress variant="determinate" value={share} color={usage.capped ? "error" : "primary"} aria-label="Monthly cap used" />
          <Typography variant="body2" color="textSecondary">
            {usage.actions.toLocaleString()} AI actions this month
            {usage.refused > 0 && `, ${usage.refused.toLocaleString()} refused at the cap`}.{" "}
            {usage.settings.cap_source === "default" ? "The instance's default cap (LLM_MONTHLY_CAP_USD)." : "This workspace's own cap."}
          </Typography>
          {usage.capped && (
            <Alert severity="warning">
              The cap is reached: language-model calls are refused until the month ends; built-in engines still work.
            </Alert>
          )}
          <Typography variant="body2" color="textSecondary">
            {usage.llm_configured
              ? `Model ${usage.model}, priced at ${dollars(usage.price.input_per_mtok)} / ${dollars(usage.price.output_per_mtok)} per million prompt / completion tokens.`
              : "No language model is configured (LLM_BASE_URL): the built-in templates, rules and trained models answer, at no cost."}
          </Typography>
          {usage.by_kind.length > 0 && (
            <Stack component="ul" sx={{ m: 0, pl: 2 }}>
              {usage.by_kind.map((k) => (
                <Typography component="li" variant="body2" key={k.kind}>
                  {`${kindLabel(k.kind)}: ${k.actions.toLocaleString()} actions, ${dollars(k.cost_usd)}`}
                </Typography>
              ))}
            </Stack>
          )}
          {canSetCap && <CapForm usage={usage} />}
        </CardContent>
      </Card>
      <ChartCard
        title="Cost by day"
        subheader={`${usage.month}, UTC days · every language-model call's tokens at the configured prices`}
        table={{
          columns: [
            { key: "day", label: "Day" },
            { key: "actions", label: "Actions", numeric: true },
            { key: "cost", label: "Cost", numeric: true, format: (v) => dollars(v as number) },
          ],
          rows: usage.by_day.map((d) => ({ day: d.day, actions: d.actions, cost: d.cost_usd })),
        }}
        empty={
          usage.actions === 0 ? (
            <Typography color="textSecondary">
              No AI actions this month yet: write an email on Compose or run a prompt in the LLM Console.
            </Typography>
          ) : undefined
        }
      >
        <BarChart
          height={240}
          xAxis={[{ scaleType: "band", data: usage.by_day.map((d) => d.day.slice(8)), label: "Day of month" }]}
          yAxis={[{ valueFormatter: (v: number) => dollars(v), width: 72 }]}
          series={[{ data: usage.by_day.map((d) => d.cost_usd), label: "Cost (USD)", valueFormatter: (v) => dollars(v ?? 0) }]}
        />
      </ChartCard>
    </Box>
  );
}

function CapForm({ usage }: { usage: AiUsage }) {
  const toast = useToast();
  const save = useSaveAiSettings();
  const [value, setValue] = useState(String(usage.settings.monthly_cap_usd));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent, reset = false) => {
    e.preventDefault();
    const n = Number(value);
    if (!reset && (value.trim() === "" || !Number.isFinite(n) || n < 0)) return setError("Enter an amount of at least 0");
    setError(null);
    save.mutate(
      { monthly_cap_usd: reset ? null : n },
      {
        onSuccess: (s) => {
          setValue(String(s.monthly_cap_usd));
          toast.success(`Monthly cap set to ${dollars(s.monthly_cap_usd)}`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
      <TextField
        size="small"
        label="Monthly cap (USD)"
        type="number"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? "0 turns the language model off for this workspace"}
        slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending}>
        Save cap
      </Button>
      {usage.settings.cap_source === "workspace" && (
        <Button onClick={(e) => submit(e as unknown as FormEvent, true)} disabled={save.isPending}>
          {`Use the default (${dollars(usage.settings.default_cap_usd)})`}
        </Button>
      )}
    </Box>
  );
}
