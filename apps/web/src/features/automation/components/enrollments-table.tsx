/** Who entered which sequence and why, and who left and why: paged, by sequence, state or one lead's history. */
import { Alert, Box, Button, Chip, Link, TableCell, TableRow, Typography } from "@mui/material";
import type { NurtureEnrollment } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useEnrollments } from "../api/use-automation.ts";
import { PagedRows } from "./paged-rows.tsx";
import type { Option } from "./rule-parts.tsx";

const STATES = [
  { value: "active", label: "In the sequence" },
  { value: "exited", label: "Left" },
];

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
  const pager = usePager({ resetKeys: [sequenceId, status, lead?.id] });
  const list = useEnrollments({
    sequence_id: sequenceId || undefined,
    status: status || undefined,
    lead_id: lead?.id,
    page: pager.page + 1,
    per_page: pager.perPage,
  });
  const filtered = Boolean(sequenceId || status || lead);
  const nameOf = (e: NurtureEnrollment) => e.lead_name ?? e.lead_email ?? "Lead";
  const state = (e: NurtureEnrollment) => (
    <Chip size="small" color={e.status === "active" ? "primary" : "default"} label={e.status === "active" ? "in sequence" : "left"} />
  );
  const leadLink = (e: NurtureEnrollment, sx?: { fontWeight: number }) => (
    <Link
      component="button"
      type="button"
      onClick={() => setLead({ id: e.lead_id, name: nameOf(e) })}
      aria-label={`History of ${nameOf(e)}`}
      sx={sx}
    >
      {nameOf(e)}
    </Link>
  );

  return (
    <Box component="section" aria-label="Lead history">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {lead ? `History of ${lead.name}` : "Leads in and out"}
      </Typography>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", mb: 1.5, alignItems: "center" }}>
        <FilterSelect
          label="Sequence"
          value={sequenceId}
          onChange={onSequenceChange}
          options={sequences.map((s) => ({ value: s.id, label: s.name }))}
          anyLabel="All sequences"
          minWidth={200}
        />
        <FilterSelect label="State" value={status} onChange={(v) => setStatus(v as "")} options={STATES} anyLabel="In or out" />
        {lead && (
          <Button size="small" onClick={() => setLead(null)}>
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
        <PagedRows
          rows={list.data?.enrollments ?? []}
          count={list.data?.total ?? 0}
          pager={pager}
          tableLabel="Sequence enrolments"
          phoneRow={(e) => (
            <Box key={e.id} sx={{ p: 1.5 }}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
                {leadLink(e, { fontWeight: 600 })}
                {state(e)}
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
          )}
          head={
            <>
              <TableCell>Lead</TableCell>
              <TableCell>Sequence</TableCell>
              <TableCell>Entered</TableCell>
              <TableCell>Why</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Left because</TableCell>
            </>
          }
          tableRow={(e) => (
            <TableRow key={e.id}>
              <TableCell>{leadLink(e)}</TableCell>
              <TableCell>{e.sequence_name}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(e.entered_at).toLocaleString()}</TableCell>
              <TableCell>{e.entry_reason}</TableCell>
              <TableCell>{state(e)}</TableCell>
              <TableCell>
                {e.exit_reason ? `${e.exit_reason} (${new Date(e.exited_at ?? e.entered_at).toLocaleDateString()})` : "—"}
              </TableCell>
            </TableRow>
          )}
        />
      )}
    </Box>
  );
}
