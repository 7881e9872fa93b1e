/**
 * Retention rules (days per kind of data; empty: kept until deleted by hand), "Run now", and the run
 * log with counts. A daily job applies the rules; the user setting data_retention_days is shown
 * beside them (docs/compliance.md explains how the two relate).
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { RetentionRules, RetentionSettings } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useRetention, useRetentionRuns, useRunRetention, useSaveRetention } from "../api/use-compliance.ts";

const RULES: { key: keyof RetentionRules; label: string; hint: string }[] = [
  {
    key: "message_bodies_days",
    label: "Sent message bodies",
    hint: "Local mailbox bodies are emptied and campaign message subjects cleared",
  },
  { key: "replies_days", label: "Replies", hint: "Classified replies (their snippet and sender) are deleted" },
  {
    key: "ai_actions_days",
    label: "AI action inputs and outputs",
    hint: "The ledger keeps cost and outcome; prompts, inputs and outputs are cleared",
  },
  { key: "finished_exports_days", label: "Finished exports", hint: "Export and data-subject export files are deleted" },
  {
    key: "unsubscribed_leads_days",
    label: "Unsubscribed leads, inactive",
    hint: "Deleted when unchanged this long; the suppression entry stays",
  },
  {
    key: "security_events_days",
    label: "Security alerts",
    hint: "Alerts not tied to an incident (security's own job also prunes at 90 days)",
  },
];

export function RetentionSection({ canAct }: { canAct: boolean }) {
  const q = useRetention();
  if (q.isError) return <Alert severity="error">{errorMessage(q.error)}</Alert>;
  if (!q.data) return null;
  return (
    <Stack spacing={3}>
      <RulesForm key={q.data.updated_at ?? "new"} settings={q.data} canAct={canAct} />
      <RunLog canAct={canAct} />
    </Stack>
  );
}

function RulesForm({ settings, canAct }: { settings: RetentionSettings; canAct: boolean }) {
  const toast = useToast();
  const save = useSaveRetention();
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(RULES.map((r) => [r.key, settings.rules[r.key] == null ? "" : String(settings.rules[r.key])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad: Record<string, string> = {};
    const rules = {} as RetentionRules;
    for (const r of RULES) {
      const v = values[r.key]?.trim() ?? "";
      const n = Number(v);
      if (v && (!Number.isInteger(n) || n < 1 || n > 3650)) bad[r.key] = "Whole days from 1 to 3650, or empty to keep";
      rules[r.key] = v ? n : null;
    }
    setErrors(bad);
    if (Object.keys(bad).length) return;
    save.mutate(rules, {
      onSuccess: () => toast.success("Retention rules saved; the daily job applies them"),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };
  return (
    <Card variant="outlined">
      <CardHeader
        title="Retention rules"
        subheader={`Days to keep each kind of data; empty keeps it until deleted by hand. Your data retention setting says ${settings.data_retention_days ?? 365} days: it is a preference shown here, these rules are what the job enforces.`}
      />
      <CardContent>
        <Box component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { md: "1fr 1fr" } }}>
            {RULES.map((r) => (
              <TextField
                key={r.key}
                label={r.label}
                type="number"
                value={values[r.key]}
                disabled={!canAct}
                onChange={(e) => setValues((v) => ({ ...v, [r.key]: e.target.value }))}
                error={Boolean(errors[r.key])}
                helperText={errors[r.key] ?? r.hint}
                slotProps={{ htmlInput: { min: 1, max: 3650 } }}
              />
            ))}
          </Box>
          {canAct ? (
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
              Save rules
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

function RunLog({ canAct }: { canAct: boolean }) {
  const toast = useToast();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const runs = useRetentionRuns(cursors.at(-1));
  const run = useRunRetention();
  const items = runs.data?.items ?? [];
  return (
    <Card variant="outlined">
      <CardHeader
        title="Runs"
        subheader="Daily, and whenever you run it now."
        action={
          canAct ? (
            <Button
              onClick={() =>
                run.mutate(undefined, {
                  onSuccess: () => toast.success("Retention run started"),
                  onError: (e) => toast.error(errorMessage(e)),
                })
              }
              disabled={run.isPending}
            >
              Run now
            </Button>
          ) : null
        }
      />
      <CardContent>
        {runs.isError ? <Alert severity="error">{errorMessage(runs.error)}</Alert> : null}
        {runs.isSuccess && items.length === 0 ? (
          <Typography color="textSecondary">No run yet: set a rule above; the daily job runs it, or press Run now.</Typography>
        ) : (
          <Table size="small" aria-label="Retention runs, newest first">
            <TableHead>
              <TableRow>
                <TableCell>Started</TableCell>
                <TableCell>Trigger</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Removed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{formatUtcDateTime(r.started_at)}</TableCell>
                  <TableCell>{r.trigger === "manual" ? "Run now" : "Daily"}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    <Chip
                      size="small"
                      label={r.status}
                      color={r.status === "completed" ? "success" : r.status === "failed" ? "error" : "info"}
                    />
                    {r.status === "running" ? <LinearProgress variant="determinate" value={r.progress} sx={{ mt: 0.5 }} /> : null}
                    {r.error ? (
                      <Typography variant="caption" color="error" component="div">
                        {r.error}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {Object.entries(r.counts).length === 0
                      ? "—"
                      : Object.entries(r.counts)
                          .map(([k, n]) => `${k.replace(/_/g, " ")}: ${n.toLocaleString()}`)
                          .join(", ")}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </Button>
          <Button disabled={!runs.data?.next_cursor} onClick={() => setCursors((c) => [...c, runs.data?.next_cursor ?? undefined])}>
            Next
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
