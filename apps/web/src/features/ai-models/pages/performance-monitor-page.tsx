/**
 * /ai-tools/performance-monitor: Are our live models drifting away from the data they were trained on?
 * PSI of each input feature and of the predictions, training population against the leads contacted in
 * each recent week, from the daily snapshots; and the AUC realized on outcomes since deployment (docs/ai/models.md).
 */
import {
  Button,
  Chip,
  MenuItem,
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
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useComputeDrift, useDrift } from "../api/use-ai-models.ts";
import { fmtAuc, fmtPsi, STATUS_COLOR } from "../components/model-format.ts";

const QUESTION = "Are our live models drifting away from the data they were trained on?";

export default function PerformanceMonitorPage() {
  const [days, setDays] = useState(60);
  const q = useDrift(days);
  const compute = useComputeDrift(days);
  const toast = useToast();
  const d = q.data;
  const computeButton = (
    <Button
      variant="outlined"
      size="small"
      disabled={compute.isPending || !d?.model}
      onClick={() => compute.mutate(undefined, { onError: (err) => toast.error(errorMessage(err)) })}
    >
      {compute.isPending ? "Computing…" : "Compute now"}
    </Button>
  );
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Population stability index (PSI): 0 means the leads contacted in the week match the leads the live model learnt from; 0.1 is worth watching, 0.25 is drift. A daily job stores one snapshot per day."
        actions={
          <>
            <TextField
              select
              size="small"
              label="Period"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              sx={{ minWidth: 130 }}
            >
              {[14, 30, 60, 90, 180].map((n) => (
                <MenuItem key={n} value={n}>
                  {n} days
                </MenuItem>
              ))}
            </TextField>
            {computeButton}
          </>
        }
      />
      {q.isPending ? (
        <LoadingScreen />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d!.model ? (
        <EmptyState
          title="No model yet"
          hint="Send campaigns and train on /predictive-analytics; drift is measured against the live model's training data."
        >
          <Button variant="contained" component={RouterLink} to="/predictive-analytics">
            Go to /predictive-analytics
          </Button>
        </EmptyState>
      ) : !d!.snapshots.length ? (
        <EmptyState
          title="No drift snapshot yet"
          hint="The daily job stores one after the model goes live; press Compute now to measure the last 30 days at once."
        >
          {computeButton}
        </EmptyState>
      ) : (
        <Monitor data={d!} />
      )}
    </Stack>
  );
}

function Monitor({ data }: { data: NonNullable<ReturnType<typeof useDrift>["data"]> }) {
  const s = data.snapshots;
  const latest = data.latest!;
  const { watch, drift } = data.thresholds;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Chip color={STATUS_COLOR[latest.status]} label={latest.status} />
        <Typography variant="body2">
          Lead scoring v{data.model!.version}, live since {formatUtcDateTime(data.deployed_at)} · trained on{" "}
          {latest.training_n.toLocaleString()} leads · the week to {latest.day}: {latest.n.toLocaleString()} leads contacted · realized AUC{" "}
          {fmtAuc(latest.realized_auc)} on {latest.realized_n.toLocaleString()} leads contacted since deployment (
          {latest.realized_positives.toLocaleString()} replied)
        </Typography>
      </Stack>
      <ChartCard
        title="Drift over time"
        subheader={`PSI of the predictions and of the most-shifted feature, each day's 7-day window against the training population; lines at ${watch} and ${drift}`}
        table={{
          columns: [
            { key: "day", label: "Day" },
            { key: "n", label: "Leads contacted", numeric: true },
            { key: "prediction", label: "Prediction PSI", numeric: true, format: (v) => fmtPsi(v as number | null) },
            { key: "feature", label: "Largest feature PSI", numeric: true, format: (v) => fmtPsi(v as number | null) },
            { key: "status", label: "Status" },
          ],
          rows: s.map((x) => ({ day: x.day, n: x.n, prediction: x.prediction_psi, feature: x.max_feature_psi, status: x.status })),
        }}
      >
        <LineChart
          height={280}
          xAxis={[{ scaleType: "point", data: s.map((x) => x.day) }]}
          yAxis={[{ min: 0 }]}
          series={[
            { data: s.map((x) => x.prediction_psi), label: "Prediction PSI", curve: "linear", valueFormatter: (v) => fmtPsi(v) },
            { data: s.map((x) => x.max_feature_psi), label: "Largest feature PSI", curve: "linear", valueFormatter: (v) => fmtPsi(v) },
            { data: s.map(() => watch), label: "Watch", showMark: false, curve: "step" },
            { data: s.map(() => drift), label: "Drift", showMark: false, curve: "step" },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Realized AUC since deployment"
        subheader="The live model's scores against who replied, among leads contacted since it went live (0.5 is chance)"
        empty={s.every((x) => x.realized_auc === null) ? "No outcome known yet: contact scored leads and wait for replies." : undefined}
        table={{
          columns: [
            { key: "day", label: "Day" },
            { key: "auc", label: "Realized AUC", numeric: true, format: (v) => fmtAuc(v as number | null) },
            { key: "n", label: "Leads", numeric: true },
            { key: "pos", label: "Replied", numeric: true },
          ],
          rows: s.map((x) => ({ day: x.day, auc: x.realized_auc, n: x.realized_n, pos: x.realized_positives })),
        }}
      >
        <LineChart
          height={240}
          xAxis={[{ scaleType: "point", data: s.map((x) => x.day) }]}
          yAxis={[{ min: 0, max: 1 }]}
          series={[
            { data: s.map((x) => x.realized_auc), label: "Realized AUC", curve: "linear", valueFormatter: (v) => fmtAuc(v) },
            { data: s.map(() => data.model!.cv_auc), label: "Cross-validated AUC", showMark: false, curve: "linear" },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={`Features on ${latest.day}`}
        subheader="Each input feature's PSI in the latest window, largest first"
        empty={latest.features.length ? undefined : "No lead was contacted in this window: nothing to compare."}
        table={{
          columns: [
            { key: "label", label: "Feature" },
            { key: "psi", label: "PSI", numeric: true, format: (v) => fmtPsi(v as number) },
            { key: "status", label: "Status" },
          ],
          rows: latest.features.map((f) => ({ label: f.label, psi: f.psi, status: f.status })),
        }}
      >
        <BarChart
          height={Math.max(200, latest.features.length * 22)}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: latest.features.map((f) => f.label), width: 180 }]}
          series={[{ data: latest.features.map((f) => f.psi), label: "PSI", valueFormatter: (v) => fmtPsi(v) }]}
        />
      </ChartCard>
      <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
        <Table size="small" aria-label="Features that moved">
          <TableHead>
            <TableRow>
              <TableCell>Feature</TableCell>
              <TableCell align="right">PSI</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {latest.features
              .filter((f) => f.status !== "stable")
              .map((f) => (
                <TableRow key={f.feature}>
                  <TableCell>{f.label}</TableCell>
                  <TableCell align="right">{fmtPsi(f.psi)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLOR[f.status]} label={f.status} />
                  </TableCell>
                </TableRow>
              ))}
            {!latest.features.some((f) => f.status !== "stable") && (
              <TableRow>
                <TableCell colSpan={3}>Every feature is below the watch line ({watch}).</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
