/** The runs, newest first (keyset pages): agent, subject, status with live progress, usage and what waits for approval. */

import { Box, Button, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { AiAgentRun } from "@prospector/contracts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { isActive } from "../api/use-ai-agents.ts";
import { AGENT_NAMES, STATUS_COLORS, statusLabel } from "./agent-words.ts";

export function RunList({
  runs,
  selected,
  onSelect,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  runs: AiAgentRun[];
  selected: string | null;
  onSelect: (id: string) => void;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <Box>
      <Table size="small" aria-label="Agent runs">
        <TableHead>
          <TableRow>
            <TableCell>Agent</TableCell>
            <TableCell>Subject</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Tokens · pages · seconds</TableCell>
            <TableCell>Waiting for approval</TableCell>
            <TableCell>Started</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((r) => (
            <TableRow key={r.id} hover selected={r.id === selected} onClick={() => onSelect(r.id)} sx={{ cursor: "pointer" }}>
              <TableCell>
                <Button size="small" onClick={() => onSelect(r.id)} sx={{ textTransform: "none", p: 0 }}>
                  {AGENT_NAMES[r.kind]}
                </Button>
              </TableCell>
              <TableCell>{r.subject_label ?? "—"}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Chip size="small" color={STATUS_COLORS[r.status]} label={statusLabel(r.status)} />
                {isActive(r) && (
                  <LinearProgress
                    variant="determinate"
                    value={r.progress}
                    sx={{ mt: 0.5 }}
                    aria-label={`Progress of ${AGENT_NAMES[r.kind]}`}
                  />
                )}
              </TableCell>
              <TableCell>
                {r.usage.tokens}/{r.budget.tokens} · {r.usage.pages}/{r.budget.pages} · {r.usage.seconds}/{r.budget.seconds}
              </TableCell>
              <TableCell>
                {r.pending_proposals > 0 ? <Chip size="small" color="warning" label={`${r.pending_proposals} to review`} /> : "—"}
              </TableCell>
              <TableCell>
                <Typography variant="body2">{formatUtcDateTime(r.created_at)}</Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", mt: 1 }}>
        <Button size="small" disabled={!hasPrevious} onClick={onPrevious}>
          Previous
        </Button>
        <Button size="small" disabled={!hasNext} onClick={onNext}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
