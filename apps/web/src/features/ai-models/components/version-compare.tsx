/** Two versions of one model side by side: data, metrics, and every weight with the difference. */
import { Card, CardContent, CardHeader, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { AiModelVersionDetail, TrainedModelTask } from "@prospector/contracts";
import { LoadError } from "../../../ui/load-error.tsx";
import { useVersion } from "../api/use-ai-models.ts";
import { fmtAuc, windowOf } from "./model-format.ts";

const num = (v: number | undefined) => (v === undefined ? "—" : v.toFixed(4));

function rows(a: AiModelVersionDetail, b: AiModelVersionDetail) {
  const byA = new Map(a.weights.map((w) => [w.column, w]));
  const byB = new Map(b.weights.map((w) => [w.column, w]));
  const columns = [...new Set([...a.weights.map((w) => w.column), ...b.weights.map((w) => w.column)])];
  return columns
    .map((column) => {
      const wa = byA.get(column);
      const wb = byB.get(column);
      return { column, label: (wa ?? wb)!.label, a: wa?.weight, b: wb?.weight, diff: (wb?.weight ?? 0) - (wa?.weight ?? 0) };
    })
    .sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff) || x.column.localeCompare(y.column));
}

export function VersionCompare({ task, a, b }: { task: TrainedModelTask; a: number; b: number }) {
  const qa = useVersion(task, a);
  const qb = useVersion(task, b);
  if (qa.isError) return <LoadError error={qa.error} onRetry={() => void qa.refetch()} />;
  if (qb.isError) return <LoadError error={qb.error} onRetry={() => void qb.refetch()} />;
  if (!qa.data || !qb.data) return null;
  const va = qa.data;
  const vb = qb.data;
  const facts: [string, string, string][] = [
    ["Status", va.status, vb.status],
    ["Training window", windowOf(va), windowOf(vb)],
    ["Examples", va.n.toLocaleString(), vb.n.toLocaleString()],
    ["Positives", va.positives.toLocaleString(), vb.positives.toLocaleString()],
    ["AUC", fmtAuc(va.cv_auc), fmtAuc(vb.cv_auc)],
    ["Fold AUCs", va.fold_aucs.map(fmtAuc).join(", "), vb.fold_aucs.map(fmtAuc).join(", ")],
    ["Weights", String(va.size), String(vb.size)],
    ["Trained by", va.trained_by ?? "—", vb.trained_by ?? "—"],
  ];
  return (
    <Card variant="outlined" component="section" aria-label={`Version ${a} against version ${b}`}>
      <CardHeader
        title={`v${a} against v${b}`}
        subheader="Weights are log-odds (lead scoring) or smoothed reply rates (send time); sorted by how much they changed"
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Table size="small" aria-label="Versions compared">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>v{a}</TableCell>
              <TableCell>v{b}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {facts.map(([k, x, y]) => (
              <TableRow key={k}>
                <TableCell component="th">{k}</TableCell>
                <TableCell>{x}</TableCell>
                <TableCell>{y}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Features and weights
        </Typography>
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader aria-label="Weights compared">
            <TableHead>
              <TableRow>
                <TableCell>Feature</TableCell>
                <TableCell align="right">v{a}</TableCell>
                <TableCell align="right">v{b}</TableCell>
                <TableCell align="right">Change</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows(va, vb).map((r) => (
                <TableRow key={r.column}>
                  <TableCell>{r.label}</TableCell>
                  <TableCell align="right">{num(r.a)}</TableCell>
                  <TableCell align="right">{num(r.b)}</TableCell>
                  <TableCell align="right">{(r.diff >= 0 ? "+" : "−") + Math.abs(r.diff).toFixed(4)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
