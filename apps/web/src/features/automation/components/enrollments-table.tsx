/** Who entered which sequence and why, and who left and why: paged, by sequence, state or one lead's history. */
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { useEnrollments } from "../api/use-automation.ts";
import type { Option } from "./rule-parts.tsx";

export function EnrollmentsTable({
  sequences,
  sequenceId,
  onSequenceChange,
}: {
  sequences: Option[];
  sequenceId: string;
  onSequenceChange: (id: string) => void;
}) {
  const [status, setStatus] = useState<"" | "active" | "exited">("");
  const [lead, setLead] = useState<{ id: string; name: string } | null>(null);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const list = useEnrollments({
    sequence_id: sequenceId || undefined,
    status: status || undefined,
    lead_id: lead?.id,
    page: page + 1,
    per_page: perPage,
  });
  const filtered = Boolean(sequenceId || status || lead);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  const showLead = (id: string, name: string) => {
    setLead({ id, name });
    setPage(0);
  };

  return (
    <Box component="section" aria-label="Lead history">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {lead ? `History of ${lead.name}` : "Leads in and out"}
      </Typography>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", mb: 1.5, alignItems: "center" }}>
        <TextField
          select
          size="small"
          label="Sequence"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={sequenceId}
          onChange={(e) => {
            onSequenceChange(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All sequences</MenuItem>
          {sequences.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="State"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as "");
            setPage(0);
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">In or out</MenuItem>
          <MenuItem value="active">In the sequence</MenuItem>
          <MenuItem value="exited">Left</MenuItem>
        </TextField>
        {lead && (
          <Button
            size="small"
            onClick={() => {
              setLead(null);
              setPage(0);
            }}
          >
            All leads
          </Button>
        )}
      </Box>
      {list.error ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : list.data && list.data.total === 0 ? (
        <EmptyState
          title={filtered ? "No lead matches these filters" : "No lead has entered a sequence yet"}
          hint={
            filtered
              ? "Clear a filter to see more."
              : "Leads enter when a sequence's entry rule fires (an open, a reply, a tag…) or an automation rule enrols them."
          }
        />
      ) : (
        <Paper variant="outlined">
          {phone ? (
            <Stack divider={<Divider />}>
              {(list.data?.enrollments ?? []).map((e) => {
                const name = e.lead_name ?? e.lead_email ?? "Lead";
                return (
                  <Box key={e.id} sx={{ p: 1.5 }}>
                    <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
                      <Link
                        component="button"
                        type="button"
                        onClick={() => showLead(e.lead_id, name)}
                        aria-label={`History of ${name}`}
                        sx={{ fontWeight: 600 }}
                      >
                        {name}
                      </Link>
                      <Chip
                        size="small"
                        color={e.status === "active" ? "primary" : "default"}
                        label={e.status === "active" ? "in sequence" : "left"}
                      />
                    </Box>
                    <Typography variant="body2">
                      {e.sequence_name}: entered {new Date(e.entered_at).toLocaleString()} — {e.entry_reason}
                    </Typography>
                    {e.exit_reason && (
                      <Typography variant="body2" color="textSecondary">
                        Left {new Date(e.exited_at ?? e.entered_at).toLocaleString()}: {e.exit_reason}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Sequence enrolments">
                <TableHead>
                  <TableRow>
                    <TableCell>Lead</TableCell>
                    <TableCell>Sequence</TableCell>
                    <TableCell>Entered</TableCell>
                    <TableCell>Why</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell>Left because</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(list.data?.enrollments ?? []).map((e) => {
                    const name = e.lead_name ?? e.lead_email ?? "Lead";
                    return (
                      <TableRow key={e.id}>
                        <TableCell>
                          <Link
                            component="button"
                            type="button"
                            onClick={() => {
                              setLead({ id: e.lead_id, name });
                              setPage(0);
                            }}
                            aria-label={`History of ${name}`}
                          >
                            {name}
                          </Link>
                        </TableCell>
                        <TableCell>{e.sequence_name}</TableCell>
                        <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(e.entered_at).toLocaleString()}</TableCell>
                        <TableCell>{e.entry_reason}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={e.status === "active" ? "primary" : "default"}
                            label={e.status === "active" ? "in sequence" : "left"}
                          />
                        </TableCell>
                        <TableCell>
                          {e.exit_reason ? `${e.exit_reason} (${new Date(e.exited_at ?? e.entered_at).toLocaleDateString()})` : "—"}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={list.data?.total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[20, 50, 100]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(ev) => {
              setPerPage(Number(ev.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </Box>
  );
}
