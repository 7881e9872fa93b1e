/** The alerts queue: severity, rule, subject, occurrences, first and last seen; a row opens its evidence. */
import { Chip, Link as MuiLink, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { SecurityAlert } from "@prospector/contracts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { RULE_LABEL, SEVERITY_COLOR, STATUS_LABEL } from "./threat-format.ts";

export function ThreatAlertsTable({ alerts, onOpen }: { alerts: SecurityAlert[]; onOpen: (id: string) => void }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Security alerts, newest first">
        <TableHead>
          <TableRow>
            <TableCell>Severity</TableCell>
            <TableCell>Alert</TableCell>
            <TableCell>Rule</TableCell>
            <TableCell>Subject</TableCell>
            <TableCell align="right">Occurrences</TableCell>
            <TableCell>First seen</TableCell>
            <TableCell>Last seen</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {alerts.map((a) => (
            <TableRow key={a.id} hover>
              <TableCell>
                <Chip size="small" color={SEVERITY_COLOR[a.severity]} label={a.severity} />
              </TableCell>
              <TableCell>
                <MuiLink
                  component="button"
                  type="button"
                  onClick={() => onOpen(a.id)}
                  aria-label={`Open the evidence of ${a.title}`}
                  sx={{ textAlign: "left" }}
                >
                  {a.title}
                </MuiLink>
                {a.workspace_id === null && <Chip size="small" variant="outlined" label="Instance-wide" sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell>{RULE_LABEL[a.rule]}</TableCell>
              <TableCell sx={{ wordBreak: "break-all" }}>{a.subject}</TableCell>
              <TableCell align="right">{a.occurrences}</TableCell>
              <TableCell>{formatUtcDateTime(a.first_seen_at)}</TableCell>
              <TableCell>{formatUtcDateTime(a.last_seen_at)}</TableCell>
              <TableCell>{STATUS_LABEL[a.status]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
