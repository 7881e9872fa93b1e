/**
 * "To finish campaign X (or all) by <date>, you need N inboxes at cap C": the deadline calculator.
 * The answer is asked only when the form is sent; bad input is shown on its field and kept.
 */
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import type { CapacityCampaign } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { type CalculatorInput, useCapacityCalculator } from "../api/use-sending-ops.ts";
import { formatDay } from "./capacity-tables.tsx";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export function CapacityCalculator({ campaigns }: { campaigns: CapacityCampaign[] }) {
  const [campaignId, setCampaignId] = useState("");
  const [deadline, setDeadline] = useState(inDays(14));
  const [cap, setCap] = useState("50");
  const [gap, setGap] = useState("0");
  const [asked, setAsked] = useState<CalculatorInput | null>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const q = useCapacityCalculator(asked);
  const serverField = (f: string) => (q.error instanceof ApiError ? q.error.errors?.find((e) => e.field.endsWith(f))?.message : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string> = {};
    const capN = Number(cap);
    const gapN = Number(gap);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(deadline)) errors.deadline = "Pick a date";
    else if (deadline <= inDays(0)) errors.deadline = "Pick a day after today";
    if (!Number.isInteger(capN) || capN < 1 || capN > 10_000) errors.cap = "A whole number from 1 to 10,000";
    if (!Number.isInteger(gapN) || gapN < 0 || gapN > 86_400) errors.gap = "Seconds, from 0 to 86,400";
    setLocal(errors);
    if (Object.keys(errors).length) return;
    setAsked({ campaign_id: campaignId || undefined, deadline, cap: capN, min_gap_seconds: gapN });
  };

  const r = q.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        How many inboxes does a deadline need?
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        The queued emails on new, fully warmed inboxes of their own, within each campaign's sending days and hours.
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "flex-start" } }}>
          <TextField
            select
            label="Campaign"
            value={campaignId}
            onChange={(e) => setCampaignId(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">All running campaigns</MenuItem>
            {campaigns.map((c) => (
              <MenuItem key={c.campaign_id} value={c.campaign_id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Finish by"
            type="date"
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(local.deadline ?? serverField("deadline"))}
            helperText={local.deadline ?? serverField("deadline") ?? " "}
          />
          <TextField
            label="Emails a day per inbox"
            type="number"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            error={Boolean(local.cap ?? serverField("cap"))}
            helperText={local.cap ?? serverField("cap") ?? " "}
          />
          <TextField
            label="Minimum gap (seconds)"
            type="number"
            value={gap}
            onChange={(e) => setGap(e.target.value)}
            error={Boolean(local.gap ?? serverField("min_gap_seconds"))}
            helperText={local.gap ?? serverField("min_gap_seconds") ?? " "}
          />
          <Button type="submit" variant="contained" disabled={q.isFetching} sx={{ mt: { md: 1 } }}>
            {q.isFetching ? "Calculating…" : "Calculate"}
          </Button>
        </Stack>
      </Box>
      {q.isError && !serverField("deadline") && !serverField("cap") && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(q.error)}
        </Alert>
      )}
      {r && !q.isError && (
        <Alert severity={r.inboxes_needed === null ? "warning" : "success"} sx={{ mt: 2 }} aria-label="Calculator answer">
          <Typography sx={{ fontWeight: 600 }}>
            {r.inboxes_needed === null
              ? `No number of inboxes finishes by ${formatDay(r.deadline)}`
              : r.inboxes_needed === 0
                ? "Nothing is queued"
                : `You need ${r.inboxes_needed} inbox${r.inboxes_needed === 1 ? "" : "es"} at ${r.cap.toLocaleString("en-US")} a day`}
          </Typography>
          <Typography variant="body2">{r.explanation}</Typography>
          {r.earliest_possible && (
            <Typography variant="body2" color="textSecondary">
              Earliest possible finish, whatever the inboxes: {formatDay(r.earliest_possible)}.
            </Typography>
          )}
        </Alert>
      )}
    </Paper>
  );
}
