/**
 * Audit log: every access decision and change the server recorded (denials, role changes, policy
 * and flag edits, requests and their decisions), filtered by user, event, result, resource and
 * dates, a page at a time; the same filters download as CSV from the server.
 */
import Download from "@mui/icons-material/Download";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useSession } from "../../auth/api/use-session.ts";
import { useAuditCsv, useAuditLog } from "../api/use-audit.ts";
import { useMembers } from "../api/use-roles.ts";
import { AUDIT_EVENTS, AUDIT_RESULTS, type AuditFilterState, auditFilters, EMPTY_AUDIT_FILTERS } from "../lib/audit-query.ts";
import { TabQuery } from "./tab-states.tsx";

const RESULT_COLOR: Record<string, "success" | "error" | "default"> = { allowed: "success", ok: "success", denied: "error" };

export default function AuditTab() {
  const { user } = useSession();
  const members = useMembers(user?.workspace.id);
  const [state, setState] = useState<AuditFilterState>(EMPTY_AUDIT_FILTERS);
  // Typed filters wait for a pause; picked ones apply at once.
  const typed = useDebounced({ event: state.event, resource: state.resource }, 350);
  const filters = useMemo(() => auditFilters({ ...state, ...typed }), [state, typed]);
  const key = JSON.stringify(filters);
  const pager = usePager({ resetKeys: [key] });
  const log = useAuditLog({ ...filters, page: pager.page + 1, per_page: pager.perPage });
  const csv = useAuditCsv();
  const names = useMemo(() => new Map((members.data?.items ?? []).map((m) => [m.user.id, m.user.full_name])), [members.data]);
  const set = (patch: Partial<AuditFilterState>) => setState((s) => ({ ...s, ...patch }));
  const filtered = key !== "{}";

  return (
    <>
      <PageIntro
        dense
        question="Who did what to access, and what was decided?"
        summary="Newest first. Denials, role changes, policy and flag edits, requests and decisions are recorded by the server; entries marked “client” were reported by a browser."
        actions={
          <Button variant="outlined" startIcon={<Download />} onClick={() => csv.mutate(filters)} disabled={csv.isPending}>
            {csv.isPending ? "Preparing CSV…" : "Export CSV"}
          </Button>
        }
      />
      {csv.isError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => csv.reset()}>
          The CSV could not be downloaded: {errorMessage(csv.error)}
        </Alert>
      )}
      <Box role="search" aria-label="Audit filters" sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", mb: 2 }}>
        <FilterSelect
          label="User"
          value={state.userId}
          onChange={(userId) => set({ userId })}
          anyLabel="Anyone"
          options={(members.data?.items ?? []).map((m) => ({ value: m.user.id, label: m.user.full_name }))}
          minWidth={200}
        />
        <Autocomplete
          freeSolo
          size="small"
          options={AUDIT_EVENTS}
          inputValue={state.event}
          onInputChange={(_, v) => set({ event: v })}
          renderInput={(params) => <TextField {...params} label="Event" />}
          sx={{ minWidth: 230 }}
        />
        <FilterSelect
          label="Result"
          value={state.result}
          onChange={(result) => set({ result })}
          anyLabel="Any"
          options={AUDIT_RESULTS.map((r) => ({ value: r, label: r }))}
          minWidth={130}
        />
        <TextField
          size="small"
          label="Resource"
          placeholder="leads"
          value={state.resource}
          onChange={(e) => set({ resource: e.target.value })}
          sx={{ width: 150 }}
        />
        <TextField
          size="small"
          type="date"
          label="From"
          value={state.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={state.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {filtered && <Button onClick={() => setState(EMPTY_AUDIT_FILTERS)}>Clear filters</Button>}
      </Box>
      <TabQuery query={log} label="Loading the audit log">
        {(data) =>
          data.total === 0 ? (
            filtered ? (
              <EmptyState title="Nothing matches these filters" hint="Widen the dates or clear a filter." />
            ) : (
              <EmptyState
                title="Nothing recorded yet"
                hint="Entries appear as soon as someone is refused an action, a role changes, or a policy, flag or request is saved or decided."
              />
            )
          ) : (
            <>
              <TableContainer component={Paper} variant="outlined" sx={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
                <Table size="small" aria-label="Audit log entries">
                  <TableHead>
                    <TableRow>
                      <TableCell>When</TableCell>
                      <TableCell>User</TableCell>
                      <TableCell>Event</TableCell>
                      <TableCell>Resource</TableCell>
                      <TableCell>Result</TableCell>
                      <TableCell>Reason</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.items.map((e) => (
                      <TableRow key={e.id}>
                        <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(e.created_at)}</TableCell>
                        <TableCell>{e.user_id ? (names.get(e.user_id) ?? (members.isPending ? "…" : "A former member")) : "—"}</TableCell>
                        <TableCell>
                          <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
                            {e.event}
                          </Typography>
                          {e.source === "client" && <Chip size="small" label="client" variant="outlined" />}
                        </TableCell>
                        <TableCell sx={{ fontFamily: "monospace" }}>
                          {e.resource ? `${e.resource}${e.action ? `:${e.action}` : ""}` : "—"}
                          {e.resource_id && (
                            <Typography variant="caption" color="textSecondary" component="div">
                              {e.resource_id}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          {e.result ? <Chip size="small" label={e.result} color={RESULT_COLOR[e.result] ?? "default"} /> : "—"}
                        </TableCell>
                        <TableCell>{e.reason ?? "—"}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePager pager={pager} count={data.total} />
            </>
          )
        }
      </TabQuery>
    </>
  );
}
