/**
 * The report definition: metrics and dimensions from the engine's catalogue (a dimension that a
 * chosen metric cannot be cut by is disabled, with the reason), filters, the period and the chart.
 */

import {
  Autocomplete,
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { AnalyticsCatalog, DimensionKey, MetricKey, ReportChartType } from "@prospector/contracts";
import { useCampaignList } from "../../campaigns/api/use-campaigns.ts";
import { useInboxes } from "../../inboxes/api/use-inboxes.ts";
import { useRecipients } from "../api/use-reports.ts";
import type { Draft } from "./report-draft.ts";

const PRESETS = [7, 30, 90, 365];

/** Why a dimension is not offered for the chosen metrics (null: it is). */
export function dimensionBlocker(catalog: AnalyticsCatalog, metrics: MetricKey[], d: DimensionKey): string | null {
  const refusing = catalog.metrics.filter((m) => metrics.includes(m.key) && !m.dimensions.includes(d));
  return refusing.length ? `${refusing.map((m) => m.label).join(", ")} cannot be cut by this` : null;
}

interface Option {
  id: string;
  label: string;
}

function IdPicker(props: {
  label: string;
  options: Option[];
  value: string[] | undefined;
  onChange: (ids: string[]) => void;
  loading?: boolean;
}) {
  const selected = props.options.filter((o) => props.value?.includes(o.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={props.options}
      loading={props.loading}
      value={selected}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => props.onChange(v.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={props.label} placeholder="All" />}
    />
  );
}

export function DefinitionForm({ catalog, value, onChange }: { catalog: AnalyticsCatalog; value: Draft; onChange: (d: Draft) => void }) {
  const campaigns = useCampaignList({ page: 1, per_page: 100, sort_by: "created_at", sort_order: "desc" });
  const inboxes = useInboxes();
  const members = useRecipients();
  const set = (patch: Partial<Draft>) => onChange({ ...value, ...patch });
  const metricOptions = catalog.metrics;

  const setMetrics = (metrics: MetricKey[]) => {
    // A dimension the new metrics cannot be cut by is dropped rather than left to fail.
    const dimensions = value.dimensions.filter((d) => !dimensionBlocker(catalog, metrics, d));
    set({ metrics, dimensions });
  };
  const toggleDimension = (d: DimensionKey, on: boolean) =>
    set({ dimensions: on ? [...value.dimensions, d].slice(-2) : value.dimensions.filter((x) => x !== d) });

  return (
    <Stack spacing={2.5}>
      <Autocomplete
        multiple
        size="small"
        options={metricOptions}
        groupBy={(m) => (m.kind === "rate" ? "Rates (with 95 % interval)" : m.kind === "money" ? "Money" : "Counts")}
        getOptionLabel={(m) => m.label}
        value={metricOptions.filter((m) => value.metrics.includes(m.key))}
        isOptionEqualToValue={(a, b) => a.key === b.key}
        onChange={(_, v) => setMetrics(v.map((m) => m.key).slice(0, 10))}
        renderInput={(params) => <TextField {...params} label="Metrics" helperText="Up to 10" />}
      />

      <FormControl component="fieldset">
        <FormLabel component="legend">Cut by (up to 2)</FormLabel>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 1 }}>
          {catalog.dimensions.map((d) => {
            const blocker = dimensionBlocker(catalog, value.metrics, d.key);
            const checked = value.dimensions.includes(d.key);
            return (
              <Box key={d.key}>
                <FormControlLabel
                  control={
                    <Checkbox size="small" checked={checked} disabled={Boolean(blocker)} onChange={(_, on) => toggleDimension(d.key, on)} />
                  }
                  label={d.label}
                />
                {blocker && (
                  <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: -0.75, ml: 4 }}>
                    {blocker}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
        {value.dimensions.length === 2 && <FormHelperText>Choosing another replaces the first.</FormHelperText>}
      </FormControl>

      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <TextField
          select
          size="small"
          label="Period"
          value={"last_days" in value.period ? String(value.period.last_days) : "custom"}
          onChange={(e) =>
            set({ period: e.target.value === "custom" ? { ...periodOrToday(value) } : { last_days: Number(e.target.value) } })
          }
          sx={{ minWidth: 160 }}
          helperText="UTC days, today included"
        >
          {PRESETS.map((n) => (
            <MenuItem key={n} value={String(n)}>
              Last {n} days
            </MenuItem>
          ))}
          <MenuItem value="custom">Fixed dates…</MenuItem>
        </TextField>
        {"from" in value.period && (
          <>
            <TextField
              size="small"
              type="date"
              label="From"
              value={value.period.from}
              onChange={(e) => set({ period: { from: e.target.value, to: (value.period as { to: string }).to } })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="To"
              value={value.period.to}
              onChange={(e) => set({ period: { from: (value.period as { from: string }).from, to: e.target.value } })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
      </Stack>

      <IdPicker
        label="Campaigns"
        loading={campaigns.isLoading}
        options={(campaigns.data?.campaigns ?? []).map((c) => ({ id: c.id, label: c.name }))}
        value={value.filters.campaign_ids}
        onChange={(ids) => set({ filters: { ...value.filters, campaign_ids: ids } })}
      />
      <IdPicker
        label="Inboxes"
        loading={inboxes.isLoading}
        options={(inboxes.data?.inboxes ?? []).map((i) => ({ id: i.id, label: i.email }))}
        value={value.filters.inbox_ids}
        onChange={(ids) => set({ filters: { ...value.filters, inbox_ids: ids } })}
      />
      <IdPicker
        label="Owners"
        loading={members.isLoading}
        options={(members.data?.members ?? []).map((m) => ({ id: m.id, label: m.name || m.email }))}
        value={value.filters.owner_ids}
        onChange={(ids) => set({ filters: { ...value.filters, owner_ids: ids } })}
      />
      <Autocomplete
        multiple
        freeSolo
        size="small"
        options={[] as string[]}
        value={value.filters.lead_sources ?? []}
        onChange={(_, v) =>
          set({
            filters: {
              ...value.filters,
              lead_sources: v
                .map((s) => s.trim())
                .filter(Boolean)
                .slice(0, 20),
            },
          })
        }
        renderInput={(params) => <TextField {...params} label="Lead sources" placeholder="Type a source, Enter" />}
      />

      <Box>
        <FormLabel id="chart-type">Chart</FormLabel>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-labelledby="chart-type"
          value={value.chart}
          onChange={(_, v: ReportChartType | null) => v && set({ chart: v })}
          sx={{ display: "flex", mt: 0.5 }}
        >
          <ToggleButton value="line">Line</ToggleButton>
          <ToggleButton value="bar">Bar</ToggleButton>
          <ToggleButton value="table">Table</ToggleButton>
        </ToggleButtonGroup>
      </Box>
    </Stack>
  );
}

function periodOrToday(d: Draft) {
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  return "from" in d.period ? d.period : { from: start, to: today };
}
