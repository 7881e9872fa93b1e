/** One alert in full: what the rule saw (events, counts, thresholds), its notes, and what to do about it. */
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Drawer,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { SecurityAlertAction } from "@prospector/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { useAlert, useAlertAction } from "../api/use-threats.ts";
import { RULE_LABEL, SEVERITY_COLOR, STATUS_LABEL } from "./threat-format.ts";

interface EvidenceEvent {
  id?: string;
  at?: string;
  outcome?: string;
  email?: string;
  ip?: string | null;
  user_agent?: string | null;
  place?: string;
}

/** Shown elsewhere in the drawer (events, thresholds, notes) or repeated by the events table (from, to). */
const HIDDEN = new Set(["events", "event_ids", "notes", "thresholds", "from", "to"]);

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function ThreatEvidenceDrawer({ alertId, canUpdate, onClose }: { alertId: string | null; canUpdate: boolean; onClose: () => void }) {
  const detail = useAlert(alertId);
  const act = useAlertAction();
  const [note, setNote] = useState("");
  const a = detail.data;
  const events = (a?.evidence.events as EvidenceEvent[] | undefined) ?? [];
  const thresholds = (a?.evidence.thresholds as Record<string, number> | undefined) ?? {};
  const notes = (a?.evidence.notes as { at: string; status: string; note: string }[] | undefined) ?? [];
  const open = a && (a.status === "new" || a.status === "acknowledged");
  const run = (action: SecurityAlertAction) =>
    a && act.mutate({ id: a.id, action, note: note.trim() || undefined }, { onSuccess: () => setNote("") });

  return (
    <Drawer
      anchor="right"
      open={Boolean(alertId)}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: "100%", md: 640 }, p: 3 } } }}
    >
      {detail.isPending && <CircularProgress aria-label="Loading the alert" />}
      {detail.error && <Alert severity="error">{errorMessage(detail.error)}</Alert>}
      {a && (
        <Stack spacing={2}>
          <Box>
            <Typography variant="overline">{RULE_LABEL[a.rule]}</Typography>
            <Typography variant="h6" component="h3">
              {a.title}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Chip size="small" color={SEVERITY_COLOR[a.severity]} label={a.severity} />
              <Chip size="small" variant="outlined" label={STATUS_LABEL[a.status]} />
              {a.workspace_id === null && <Chip size="small" variant="outlined" label="Instance-wide" />}
            </Stack>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {a.occurrences} occurrence{a.occurrences === 1 ? "" : "s"} · first seen {formatUtcDateTime(a.first_seen_at)} · last seen{" "}
              {formatUtcDateTime(a.last_seen_at)} · subject {a.subject}
            </Typography>
          </Box>

          <Box>
            <Typography variant="subtitle2">What the rule found</Typography>
            <Table size="small" aria-label="Findings">
              <TableBody>
                {Object.entries(a.evidence)
                  .filter(([k]) => !HIDDEN.has(k))
                  .map(([k, v]) => (
                    <TableRow key={k}>
                      <TableCell component="th">{k.replaceAll("_", " ")}</TableCell>
                      <TableCell sx={{ wordBreak: "break-word" }}>{show(v)}</TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </Box>

          {Object.keys(thresholds).length > 0 && (
            <Typography variant="body2" color="textSecondary">
              Thresholds in force:{" "}
              {Object.entries(thresholds)
                .map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`)
                .join(", ")}
            </Typography>
          )}

          {events.length > 0 && (
            <Box>
              <Typography variant="subtitle2">Events (latest {events.length})</Typography>
              <Table size="small" aria-label="Evidence events">
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Outcome</TableCell>
                    <TableCell>Account</TableCell>
                    <TableCell>Address</TableCell>
                    {events.some((e) => e.place) && <TableCell>Place</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {events.map((e, i) => (
                    <TableRow key={e.id ?? i}>
                      <TableCell>{formatUtcDateTime(e.at ?? null)}</TableCell>
                      <TableCell>{e.outcome ?? "—"}</TableCell>
                      <TableCell>{e.email ?? "—"}</TableCell>
                      <TableCell title={e.user_agent ?? undefined}>{e.ip ?? "—"}</TableCell>
                      {events.some((x) => x.place) && <TableCell>{e.place ?? "—"}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}

          {notes.length > 0 && (
            <Box>
              <Typography variant="subtitle2">Notes</Typography>
              {notes.map((n) => (
                <Typography key={`${n.at}${n.note}`} variant="body2">
                  {formatUtcDateTime(n.at)} · {n.status}: {n.note}
                </Typography>
              ))}
            </Box>
          )}

          {act.error && <Alert severity="error">{errorMessage(act.error)}</Alert>}
          {canUpdate && open && (
            <Stack spacing={1}>
              <TextField
                label="Note (optional)"
                size="small"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                multiline
                minRows={2}
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
                {a.status === "new" && (
                  <Button variant="outlined" disabled={act.isPending} onClick={() => run("acknowledge")}>
                    Acknowledge
                  </Button>
                )}
                <Button variant="contained" disabled={act.isPending} onClick={() => run("resolve")}>
                  Resolve
                </Button>
                <Button color="inherit" disabled={act.isPending} onClick={() => run("dismiss")}>
                  Dismiss
                </Button>
              </Stack>
            </Stack>
          )}
          {a.incident_id ? (
            <Button component={Link} to={`/security/incident-response?incident=${a.incident_id}`}>
              Open the incident
            </Button>
          ) : (
            <Button component={Link} to={`/security/incident-response?from_alert=${a.id}`}>
              Open incident
            </Button>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
