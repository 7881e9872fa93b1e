/** The incidents table: newest first, one row per incident; a click opens it. */
import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { Incident } from "@prospector/contracts";
import { dateTime, SEVERITY_COLOR, SEVERITY_LABEL, STATUS_COLOR, STATUS_LABEL } from "./incident-format.ts";

export function IncidentList({
  items,
  selected,
  showKind,
  compact = false,
  onOpen,
}: {
  items: Incident[];
  selected: string | null;
  showKind: boolean;
  /** Beside the detail panel: fewer columns. */
  compact?: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <Table size="small" aria-label="Incidents, newest first">
      <TableHead>
        <TableRow>
          <TableCell>Title</TableCell>
          {showKind && !compact && <TableCell>Kind</TableCell>}
          <TableCell>Severity</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Assignee</TableCell>
          {!compact && <TableCell>Opened</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((i) => (
          <TableRow key={i.id} hover selected={i.id === selected} onClick={() => onOpen(i.id)} sx={{ cursor: "pointer" }}>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {i.title}
              </Typography>
            </TableCell>
            {showKind && !compact && <TableCell>{i.kind === "security" ? "Security" : "Operations"}</TableCell>}
            <TableCell>
              <Chip size="small" color={SEVERITY_COLOR[i.severity]} label={SEVERITY_LABEL[i.severity]} />
            </TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" color={STATUS_COLOR[i.status]} label={STATUS_LABEL[i.status]} />
            </TableCell>
            <TableCell>{i.assignee?.name ?? "Unassigned"}</TableCell>
            {!compact && <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTime(i.created_at)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
