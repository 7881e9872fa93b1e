/** Add or replace one of the workspace's benchmark rows; the server's field errors show on their fields. */

import { MenuItem, TextField } from "@mui/material";
import { BENCHMARK_METRICS, type Benchmark, type BenchmarkInput, type BenchmarkMetric } from "@prospector/contracts";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useSaveBenchmark } from "../api/use-intelligence.ts";
import { METRIC_LABELS } from "./labels.ts";

const pct = (v: number) => String(Math.round(v * 100_000) / 1000);

export function BenchmarkDialog({ initial, onClose }: { initial?: Benchmark; onClose: () => void }) {
  const save = useSaveBenchmark();
  const [f, setF] = useState({
    metric: (initial?.metric ?? "meeting_rate") as BenchmarkMetric,
    low: initial ? pct(initial.value_low) : "",
    high: initial ? pct(initial.value_high) : "",
    segment: initial?.segment ?? "",
    source_name: initial?.source_name ?? "",
    source_url: initial?.source_url ?? "",
    published: initial?.published ?? "",
    retrieved_on: initial?.retrieved_on ?? new Date().toISOString().slice(0, 10),
    note: initial?.note ?? "",
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const fieldErrors = save.error instanceof ApiError ? (save.error.errors ?? []) : [];
  const err = (field: string) => fieldErrors.find((e) => e.field === field)?.message;
  const general = save.isError && fieldErrors.length === 0 ? errorMessage(save.error) : null;
  const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s.replace(",", ".")) / 100);

  const submit = () => {
    const low = num(f.low);
    const high = f.high.trim() === "" ? low : num(f.high);
    const input: BenchmarkInput = {
      metric: f.metric,
      value_low: low,
      value_high: high,
      segment: f.segment,
      source_name: f.source_name,
      source_url: f.source_url,
      published: f.published,
      retrieved_on: f.retrieved_on,
      note: f.note.trim() || null,
    };
    save.mutate({ id: initial?.id, input }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={initial ? "Replace benchmark" : "Add a benchmark for your industry"}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel="Save"
      pendingLabel="Saving…"
      error={general}
    >
      <TextField select label="Metric" value={f.metric} onChange={set("metric")}>
        {BENCHMARK_METRICS.map((m) => (
          <MenuItem key={m} value={m}>
            {METRIC_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Value, % (or the range's low end)"
        value={f.low}
        onChange={set("low")}
        error={Boolean(err("value_low"))}
        helperText={err("value_low") ?? "As published, e.g. 8.5"}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
      />
      <TextField
        label="Range's high end, % (empty for one figure)"
        value={f.high}
        onChange={set("high")}
        error={Boolean(err("value_high"))}
        helperText={err("value_high")}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
      />
      <TextField
        label="Segment or industry"
        value={f.segment}
        onChange={set("segment")}
        error={Boolean(err("segment"))}
        helperText={err("segment")}
      />
      <TextField
        label="Source (publisher and title)"
        value={f.source_name}
        onChange={set("source_name")}
        error={Boolean(err("source_name"))}
        helperText={err("source_name")}
      />
      <TextField
        label="Source URL"
        value={f.source_url}
        onChange={set("source_url")}
        error={Boolean(err("source_url"))}
        helperText={err("source_url")}
      />
      <TextField
        label="Published"
        value={f.published}
        onChange={set("published")}
        error={Boolean(err("published"))}
        helperText={err("published") ?? "2024, 2024-05 or 2024-05-14: as precise as the source says"}
      />
      <TextField
        label="Retrieved on"
        type="date"
        value={f.retrieved_on}
        onChange={set("retrieved_on")}
        error={Boolean(err("retrieved_on"))}
        helperText={err("retrieved_on")}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Note (optional)"
        value={f.note}
        onChange={set("note")}
        multiline
        minRows={2}
        error={Boolean(err("note"))}
        helperText={err("note")}
      />
    </FormDialog>
  );
}
