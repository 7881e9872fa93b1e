/** The audit export: the access audit, the activity feed, security alerts and data-subject requests over a date range, as CSV or JSON. */
import { Alert, Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField } from "@mui/material";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useAuditExport } from "../api/use-compliance.ts";

const day = (d: Date) => d.toISOString().slice(0, 10);

export function AuditSection() {
  const exp = useAuditExport();
  const [from, setFrom] = useState(day(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(day(new Date()));
  const [format, setFormat] = useState<"csv" | "json">("csv");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to || to < from) return setError("The range must run forward: pick a start on or before the end");
    setError(null);
    // Whole UTC days: the end day is included.
    const end = new Date(`${to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    exp.mutate({ from: `${from}T00:00:00.000Z`, to: end.toISOString(), format }, { onError: (err) => setError(errorMessage(err)) });
  };
  return (
    <Card variant="outlined">
      <CardHeader
        title="Audit export"
        subheader="The access audit, the workspace activity feed, security alerts and data-subject requests, oldest first (at most 366 days)."
      />
      <CardContent>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              label="From (UTC)"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To (UTC, included)"
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label="Format"
              value={format}
              onChange={(e) => setFormat(e.target.value as "csv" | "json")}
              sx={{ minWidth: 120 }}
            >
              <MenuItem value="csv">CSV</MenuItem>
              <MenuItem value="json">JSON</MenuItem>
            </TextField>
            <Button type="submit" variant="contained" disabled={exp.isPending}>
              Download
            </Button>
          </Stack>
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
