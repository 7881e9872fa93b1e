/**
 * /ml/feature-store: Which lead features do our models compute, and how fresh are they?
 * Lead scoring's features with source, coverage and distinct values; how old the stored predictions
 * are; one lead's feature vector as the live model encodes it (docs/ai/models.md).
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { FeatureVector } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useFeatureStore, useFeatureVector } from "../api/use-ai-models.ts";
import { fmtPct } from "../components/model-format.ts";

const QUESTION = "Which lead features do our models compute, and how fresh are they?";

function Vector({ v }: { v: FeatureVector }) {
  return (
    <Stack spacing={2}>
      <Typography variant="body2" component="div">
        {v.name ?? v.email} · changed {formatUtcDateTime(v.updated_at)} ·{" "}
        {v.model_version === null
          ? "no live model"
          : `v${v.model_version} gives ${fmtPct(v.probability)}; stored ${fmtPct(v.stored_probability)} at ${formatUtcDateTime(v.scored_at)}`}{" "}
        {v.stale && <Chip size="small" color="warning" label="changed since scored" />}
      </Typography>
      <Table size="small" aria-label="Raw feature values">
        <TableHead>
          <TableRow>
            <TableCell>Feature</TableCell>
            <TableCell>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {v.raw.map((r) => (
            <TableRow key={r.feature}>
              <TableCell>{r.label}</TableCell>
              <TableCell>{r.value ?? "—"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {v.encoded.length > 0 && (
        <Table size="small" aria-label="Encoded by the live model">
          <TableHead>
            <TableRow>
              <TableCell>Column</TableCell>
              <TableCell align="right">Value</TableCell>
              <TableCell align="right">Weight</TableCell>
              <TableCell align="right">Contribution (log-odds)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {v.encoded.map((e) => (
              <TableRow key={e.column}>
                <TableCell>{e.label}</TableCell>
                <TableCell align="right">{e.value}</TableCell>
                <TableCell align="right">{e.weight.toFixed(4)}</TableCell>
                <TableCell align="right">{e.contribution.toFixed(4)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

export default function FeatureStorePage() {
  const q = useFeatureStore();
  const [input, setInput] = useState("");
  const [lead, setLead] = useState<string | null>(null);
  const vector = useFeatureVector(lead);
  const s = q.data;
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="The lead features lead scoring's encoder computes: where each comes from, how many leads have a value, and how old the stored predictions built from them are."
      />
      {q.isPending ? (
        <LoadingScreen />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !s!.freshness.leads ? (
        <EmptyState title="No leads yet" hint="Import or add leads: their features are computed from the lead fields listed here.">
          <Button variant="contained" component={RouterLink} to="/leads">
            Go to leads
          </Button>
        </EmptyState>
      ) : (
        <>
          <Card variant="outlined" component="section" aria-label="Freshness">
            <CardHeader title="Freshness" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
            <CardContent sx={{ pt: 0 }}>
              {s!.model && !s!.freshness.scored ? (
                <Typography variant="body2">
                  No lead holds a prediction of lead scoring v{s!.model.version} yet: the rescoring job scores all{" "}
                  {s!.freshness.leads.toLocaleString()} within 10 minutes.
                </Typography>
              ) : s!.model ? (
                <Typography variant="body2">
                  {s!.freshness.scored.toLocaleString()} of {s!.freshness.leads.toLocaleString()} leads hold a prediction of lead scoring v
                  {s!.model.version}, scored between {formatUtcDateTime(s!.freshness.oldest_score)} and{" "}
                  {formatUtcDateTime(s!.freshness.newest_score)}. {s!.freshness.changed_since_scoring.toLocaleString()} changed after their
                  scoring and {s!.freshness.unscored.toLocaleString()} have none yet; the rescoring job catches both up every 10 minutes.
                </Typography>
              ) : (
                <Alert severity="info">
                  No model yet: send campaigns and train on /predictive-analytics. The features below are what it will use.
                </Alert>
              )}
            </CardContent>
          </Card>
          <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflowX: "auto" }}>
            <Table size="small" aria-label="Lead features">
              <TableHead>
                <TableRow>
                  <TableCell>Feature</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Source</TableCell>
                  <TableCell align="right">Leads with a value</TableCell>
                  <TableCell align="right">Coverage</TableCell>
                  <TableCell align="right">Distinct values</TableCell>
                  <TableCell align="right">Columns in the live model</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {s!.features.map((f) => (
                  <TableRow key={f.name}>
                    <TableCell>{f.label}</TableCell>
                    <TableCell>{f.type}</TableCell>
                    <TableCell>
                      <Typography variant="caption" sx={{ fontFamily: "monospace" }}>
                        {f.source}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{f.with_value.toLocaleString()}</TableCell>
                    <TableCell align="right">{fmtPct(f.coverage)}</TableCell>
                    <TableCell align="right">{f.distinct_values.toLocaleString()}</TableCell>
                    <TableCell align="right">{s!.model ? f.model_columns : "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Card variant="outlined" component="section" aria-label="One lead's feature vector">
            <CardHeader title="One lead's feature vector" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
            <CardContent sx={{ pt: 0 }}>
              <Stack
                direction="row"
                spacing={1}
                component="form"
                sx={{ mb: 2 }}
                onSubmit={(e) => {
                  e.preventDefault();
                  if (input.trim()) setLead(input.trim());
                }}
              >
                <TextField
                  size="small"
                  label="Lead email or id"
                  value={input}
                  onChange={(e) => setInput(e.target.value)}
                  sx={{ minWidth: 320 }}
                />
                <Button type="submit" variant="outlined">
                  Look up
                </Button>
              </Stack>
              {vector.isError ? (
                <Alert severity="warning">{errorMessage(vector.error)}</Alert>
              ) : vector.data ? (
                <Vector v={vector.data} />
              ) : null}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
