/**
 * The analysts' view of the active model: what it weighs (chart + table), how good it is (AUC per
 * fold, ROC curve) and how honest its probabilities are (calibration by decile), all measured on
 * held-out folds; and the history of trained versions. Loaded only by the "model" variant (MUI X).
 */
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  useMediaQuery,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { CalibrationBin, LeadScoreModel, LeadScoreModelSummary } from "@prospector/contracts";
import { formatDateTime } from "../../../lib/format.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { auc, aucReading, day, modelLine, pct, signed } from "./lead-scoring-format.ts";

const TOP_WEIGHTS = 15;
const num = (digits: number) => (v: unknown) => (typeof v === "number" ? v.toFixed(digits) : "—");

export function ModelView({ model, history }: { model: LeadScoreModel; history: LeadScoreModelSummary[] }) {
  const source = `${modelLine(model)}; measured on held-out folds (5-fold, stratified).`;
  const weights = model.weights.filter((w) => w.kind !== "intercept");
  const top = [...weights].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight)).slice(0, TOP_WEIGHTS);
  const folds = model.fold_aucs.map((a, i) => ({ fold: `Fold ${i + 1}`, auc: a }));
  const bins = model.calibration;
  // Phones: a narrower label axis for the weights, and the versions table without its two widest columns.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(4, 1fr)" } }}>
        <Figure label="Cross-validated AUC" value={auc(model.cv_auc)} note={`${aucReading(model.cv_auc)}; 0.5 is chance`} />
        <Figure
          label="Examples"
          value={model.n.toLocaleString()}
          note={`${model.positives.toLocaleString()} positive (${pct(model.positives / model.n)})`}
        />
        <Figure
          label="Training window (UTC)"
          value={`${day(model.training_from)} – ${day(model.training_to)}`}
          note={`trained ${formatDateTime(model.trained_at)}`}
        />
        <Figure
          label="Leads scored"
          value={model.scored_leads.toLocaleString()}
          note={model.scored_at ? `refreshed ${formatDateTime(model.scored_at)}` : "scoring"}
        />
      </Box>

      <ChartCard
        title={`What the model weighs (top ${Math.min(TOP_WEIGHTS, top.length)} of ${weights.length})`}
        subheader={`Log-odds per feature (numeric: per standard deviation), L2 penalty λ = ${model.lambda}; the table lists every weight with its odds ratio and how many training leads had it. ${source}`}
        table={{
          columns: [
            { key: "label", label: "Feature" },
            { key: "weight", label: "Weight (log-odds)", numeric: true, format: num(3) },
            { key: "odds_ratio", label: "Odds ratio", numeric: true, format: num(2) },
            { key: "support", label: "Training leads with it", numeric: true },
          ],
          rows: model.weights.map((w) => ({ label: w.label, weight: w.weight, odds_ratio: w.odds_ratio, support: w.support })),
        }}
        empty={top.length ? undefined : "The model kept no feature: every lead field was too rare or empty in the training leads."}
      >
        <BarChart
          height={Math.max(200, 28 * top.length + 60)}
          layout="horizontal"
          skipAnimation
          yAxis={[{ scaleType: "band", data: top.map((w) => w.label), width: narrow ? 130 : 220 }]}
          xAxis={[{ valueFormatter: (v: number | null) => (v === null ? "" : signed(v)) }]}
          series={[{ data: top.map((w) => w.weight), label: "Weight (log-odds)", valueFormatter: (v) => (v === null ? "" : signed(v)) }]}
        />
      </ChartCard>

      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <ChartCard
          title="AUC per fold"
          subheader={`Each fold's leads were scored by a model that never saw them. Mean ${auc(model.cv_auc)}.`}
          table={{
            columns: [
              { key: "fold", label: "Fold" },
              { key: "auc", label: "AUC", numeric: true, format: num(3) },
            ],
            rows: folds,
          }}
        >
          <BarChart
            height={240}
            skipAnimation
            xAxis={[{ scaleType: "band", data: folds.map((f) => f.fold) }]}
            yAxis={[{ min: 0, max: 1, width: 40 }]}
            series={[{ data: folds.map((f) => f.auc), label: "AUC", valueFormatter: (v) => auc(v) }]}
          />
        </ChartCard>
        <ChartCard
          title="ROC curve"
          subheader="Share of positives found (true positive rate) against share of negatives flagged, over every threshold; the diagonal is chance."
          table={{
            columns: [
              { key: "fpr", label: "False positive rate", numeric: true, format: num(3) },
              { key: "tpr", label: "True positive rate", numeric: true, format: num(3) },
            ],
            rows: model.roc,
          }}
          empty={model.roc.length ? undefined : "No ROC curve: the held-out leads lacked one of the two outcomes."}
        >
          <LineChart
            height={240}
            skipAnimation
            xAxis={[{ data: model.roc.map((p) => p.fpr), min: 0, max: 1, label: "False positive rate" }]}
            yAxis={[{ min: 0, max: 1, width: 40 }]}
            series={[
              { data: model.roc.map((p) => p.tpr), label: "Model", showMark: false, curve: "linear" },
              { data: model.roc.map((p) => p.fpr), label: "Chance", showMark: false, curve: "linear", color: "#9e9e9e" },
            ]}
          />
        </ChartCard>
      </Box>

      <ChartCard
        title="Calibration by decile"
        subheader="Held-out leads in ten equal groups by predicted probability: the mean prediction against the observed rate (95 % Wilson interval in the table). Close lines mean the probabilities can be read as rates."
        table={{
          columns: [
            { key: "bin", label: "Decile", numeric: true },
            { key: "n", label: "Leads", numeric: true },
            { key: "predicted", label: "Predicted", numeric: true, format: (v) => pct(v as number) },
            { key: "observed", label: "Observed (95 % CI)", numeric: true, format: (v) => observedCell(v as CalibrationBin) },
          ],
          rows: bins.map((b) => ({ ...b, observed: b })),
        }}
      >
        <LineChart
          height={260}
          skipAnimation
          xAxis={[{ scaleType: "point", data: bins.map((b) => `D${b.bin}`) }]}
          yAxis={[{ min: 0, valueFormatter: (v: number) => pct(v, 0), width: 48 }]}
          series={[
            { data: bins.map((b) => b.predicted), label: "Predicted", curve: "linear", valueFormatter: (v) => pct(v) },
            { data: bins.map((b) => b.observed), label: "Observed", curve: "linear", valueFormatter: (v) => pct(v) },
          ]}
        />
      </ChartCard>

      <Card variant="outlined" component="section" aria-labelledby="history-title">
        <CardHeader
          title="Versions"
          subheader="Every training is kept; the newest successful one scores the leads."
          slotProps={{ title: { variant: "subtitle1", component: "h3", id: "history-title" } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <TableContainer>
            <Table size="small" aria-label="Model versions">
              <TableHead>
                <TableRow>
                  <TableCell>Version</TableCell>
                  <TableCell>Trained</TableCell>
                  {!narrow && <TableCell>Predicts</TableCell>}
                  {!narrow && <TableCell align="right">Examples</TableCell>}
                  <TableCell align="right">Positives</TableCell>
                  <TableCell align="right">CV AUC</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>
                      {`v${h.version} `}
                      {h.status === "active" && <Chip size="small" color="primary" label="active" />}
                    </TableCell>
                    <TableCell>{formatDateTime(h.trained_at)}</TableCell>
                    {!narrow && <TableCell>{h.target === "reply" ? "Reply" : "Meeting"}</TableCell>}
                    {!narrow && <TableCell align="right">{h.n.toLocaleString()}</TableCell>}
                    <TableCell align="right">{h.positives.toLocaleString()}</TableCell>
                    <TableCell align="right">{auc(h.cv_auc)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
    </>
  );
}

/** Formats an observed rate with its interval for the calibration table. */
export const observedCell = (b: CalibrationBin) => (b.observed === null ? "—" : `${pct(b.observed)} (${pct(b.low)}–${pct(b.high)})`);

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ typography: "body2", color: "text.secondary" }}>{label}</Box>
        <Box sx={{ typography: "h6" }}>{value}</Box>
        <Box sx={{ typography: "body2", color: "text.secondary" }}>{note}</Box>
      </CardContent>
    </Card>
  );
}

export default ModelView;
