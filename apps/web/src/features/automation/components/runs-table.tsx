/** The run log: each run with its rule, trigger, lead, what each action did, errors and duration; filtered and paged. */

import {
  Alert,
  Box,
  Chip,
  Divider,
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
import type { AutomationRun, AutomationRunStatus, AutomationTriggerType } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { useRuns } from "../api/use-automation.ts";
import { ACTIONS, TRIGGERS } from "../lib/labels.ts";
import type { Option } from "./rule-parts.tsx";

const STATUS_COLOR = { succeeded: "success", partial: "warning", failed: "error" } as const;

export function RunsTable({ rules, ruleId, onRuleChange }: { rules: Option[]; ruleId: string; onRuleChange: (id: string) => void }) {
  const [status, setStatus] = useState<AutomationRunStatus | "">("");
  const [trigger, setTrigger] = useState<AutomationTriggerType | "">("");
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const runs = useRuns({
    rule_id: ruleId || undefined,
    status: status || undefined,
    trigger: trigger || undefined,
    page: page + 1,
    per_page: perPage,
  });
  const filtered = Boolean(ruleId || status || trigger);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  const ruleLabel = (r: AutomationRun) => r.rule_name ?? (r.sequence_id ? `Sequence "${r.sequence_name ?? "deleted"}"` : "Deleted rule");
  const did = (r: AutomationRun) => (
    <>
      {r.actions.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the run's action order.
        <Typography key={i} variant="body2" color={a.ok ? "textPrimary" : "error"}>
          {ACTIONS[a.type as keyof typeof ACTIONS] ?? a.type}: {a.detail}
        </Typography>
      ))}
      {r.error && r.actions.length === 0 && (
        <Typography variant="body2" color="error">
          {r.error}
        </Typography>
      )}
    </>
  );

  return (
    <Box component="section" aria-label="Run log">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Run log
      </Typography>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", mb: 1.5 }}>
        <TextField
          select
          size="small"
          label="Rule"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={ruleId}
          onChange={(e) => {
            onRuleChange(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All rules</MenuItem>
          {rules.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Result"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as AutomationRunStatus);
            setPage(0);
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Any result</MenuItem>
          <MenuItem value="succeeded">Succeeded</MenuItem>
          <MenuItem value="partial">Partly failed</MenuItem>
          <MenuItem value="failed">Failed</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Trigger"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={trigger}
          onChange={(e) => {
            setTrigger(e.target.value as AutomationTriggerType);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Any trigger</MenuItem>
          {Object.entries(TRIGGERS).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {runs.error ? (
        <Alert severity="error">{errorMessage(runs.error)}</Alert>
      ) : runs.data && runs.data.total === 0 ? (
        <EmptyState
          title={filtered ? "No run matches these filters" : "No run yet"}
          hint={
            filtered
              ? "Clear a filter to see more runs."
              : "Runs appear here when an enabled rule's trigger happens: a lead replies, opens, clicks, bounces, joins or finishes a campaign, or a meeting is booked."
          }
        />
      ) : (
        <Paper variant="outlined">
          {phone ? (
            <Stack divider={<Divider />} aria-label="Automation runs">
              {(runs.data?.runs ?? []).map((r) => (
                <Box key={r.id} sx={{ p: 1.5 }}>
                  <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    <Chip size="small" color={STATUS_COLOR[r.status]} label={r.status === "partial" ? "partly failed" : r.status} />
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {ruleLabel(r)}
                    </Typography>
                  </Box>
                  <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
                    {new Date(r.created_at).toLocaleString()} · {TRIGGERS[r.trigger_type]} · {r.lead_name ?? r.lead_email ?? "Deleted lead"}{" "}
                    · {r.duration_ms} ms
                  </Typography>
                  {did(r)}
                </Box>
              ))}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Automation runs">
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Rule</TableCell>
                    <TableCell>Trigger</TableCell>
                    <TableCell>Lead</TableCell>
                    <TableCell>Result</TableCell>
                    <TableCell>What it did</TableCell>
                    <TableCell align="right">Took</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(runs.data?.runs ?? []).map((r) => (
                    <TableRow key={r.id}>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(r.created_at).toLocaleString()}</TableCell>
                      <TableCell>{ruleLabel(r)}</TableCell>
                      <TableCell>{TRIGGERS[r.trigger_type]}</TableCell>
                      <TableCell>{r.lead_name ?? r.lead_email ?? "Deleted lead"}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATUS_COLOR[r.status]} label={r.status === "partial" ? "partly failed" : r.status} />
                      </TableCell>
                      <TableCell>{did(r)}</TableCell>
                      <TableCell align="right">{r.duration_ms} ms</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={runs.data?.total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[20, 50, 100]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </Box>
  );
}
