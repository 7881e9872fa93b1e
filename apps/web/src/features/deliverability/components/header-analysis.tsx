/** What a message's headers say: the verdict, each authentication result in plain words, alignment, notes and the headers themselves. */

import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { HeaderAnalysis } from "@prospector/contracts";
import { StatusChip } from "./status-chip.tsx";

const SEVERITY = { pass: "success", warn: "warning", fail: "error", unknown: "info" } as const;

export function HeaderAnalysisView({ analysis }: { analysis: HeaderAnalysis }) {
  const a = analysis.alignment;
  return (
    <Stack spacing={2} aria-label="Header analysis" component="section">
      <Alert severity={SEVERITY[analysis.verdict.status]}>
        <strong>{analysis.from_domain ? `From ${analysis.from_domain}: ` : ""}</strong>
        {analysis.verdict.summary}
      </Alert>
      {analysis.results.length > 0 && (
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Authentication results">
            <TableHead>
              <TableRow>
                <TableCell>Check</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>What it means</TableCell>
                <TableCell>Header</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {analysis.results.map((r) => (
                <TableRow key={`${r.source}|${r.by}|${r.method}|${r.result}|${JSON.stringify(r.properties)}`}>
                  <TableCell sx={{ fontWeight: 600, textTransform: "uppercase" }}>{r.method}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    <StatusChip status={r.status} text={r.result} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 240 }}>{r.meaning}</TableCell>
                  <TableCell>
                    <Typography variant="caption" color="textSecondary">
                      {r.source}
                      {r.by ? ` by ${r.by}` : ""}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box>
        <Typography variant="subtitle2" component="h4">
          Alignment (what DMARC compares)
        </Typography>
        <Typography variant="body2">{a.meaning}</Typography>
      </Box>
      {analysis.notes.map((n) => (
        <Alert key={n} severity="info" variant="outlined">
          {n}
        </Alert>
      ))}
      <Accordion disableGutters variant="outlined">
        <AccordionSummary>
          <Typography variant="body2">All {analysis.headers.length} headers</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {analysis.headers.map((h) => `${h.name}: ${h.value}`).join("\n")}
          </Box>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
