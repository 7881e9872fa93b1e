/** The team's judgement of each model per kind of task: outputs, thumbs and the approval rate with its 95 % interval. */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { AiFeedbackSummary } from "@prospector/contracts";
import { IntervalBar } from "../../../ui/charts/interval-bar.tsx";
import { kindLabel } from "./ai-kind-labels.ts";

export function ModelJudgements({ summary }: { summary: AiFeedbackSummary }) {
  return (
    <TableContainer sx={{ overflowX: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" aria-label="How the team judges each model">
        <TableHead>
          <TableRow>
            <TableCell>Kind</TableCell>
            <TableCell>Model</TableCell>
            <TableCell align="right">Outputs</TableCell>
            <TableCell align="right">Rated</TableCell>
            <TableCell align="right">Thumbs up</TableCell>
            <TableCell align="right">Thumbs down</TableCell>
            <TableCell>Approval (95 % interval)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.models.map((m) => (
            <TableRow key={`${m.kind}|${m.model}|${m.engine}`}>
              <TableCell>{kindLabel(m.kind)}</TableCell>
              <TableCell>{`${m.model} (${m.engine === "llm" ? "language model" : "built-in"})`}</TableCell>
              <TableCell align="right">{m.actions.toLocaleString()}</TableCell>
              <TableCell align="right">{m.rated.toLocaleString()}</TableCell>
              <TableCell align="right">{m.up.toLocaleString()}</TableCell>
              <TableCell align="right">{m.down.toLocaleString()}</TableCell>
              <TableCell>{m.up + m.down > 0 ? <IntervalBar estimate={m.approval} max={1} width={120} /> : "not rated yet"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
