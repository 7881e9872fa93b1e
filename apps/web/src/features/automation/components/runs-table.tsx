/** The run log: each run with its rule, trigger, lead, what each action did, errors and duration; filtered and paged. */

import { Alert, Box, Chip, TableCell, TableRow, Typography } from "@mui/material";
import type { AutomationRun, AutomationRunStatus, AutomationTriggerType } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useRuns } from "../api/use-automation.ts";
import { ACTIONS, TRIGGERS } from "../lib/labels.ts";
import { PagedRows } from "./paged-rows.tsx";
import type { Option } from "./rule-parts.tsx";

const STATUS_COLOR = { succeeded: "success", partial: "warning", failed: "error" } as const;
const RESULTS = [
  { value: "succeeded", label: "Succeeded" },
  { value: "partial", label: "Partly failed" },
  { value: "failed", label: "Failed" },
];
const TRIGGER_OPTIONS = Object.entries(TRIGGERS).map(([value, label]) => ({ value, label }));

export function RunsTable({ rules, ruleId, onRuleChange }: { rules: Option[]; ruleId: string; onRuleChange: (id: string) => void }) {
  const [status, setStatus] = useState<AutomationRunStatus | "">("");
  const [trigger, setTrigger] = useState<AutomationTriggerType | "">("");
  const pager = usePager({ resetKeys: [ruleId, status, trigger] });
  const runs = useRuns({
    rule_id: ruleId || undefined,
    status: status || undefined,
    trigger: trigger || undefined,
    page: pager.page + 1,
    per_page: pager.perPage,
  });
  const filtered = Boolean(ruleId || status || trigger);
  const ruleLabel = (r: AutomationRun) => r.rule_name ?? (r.sequence_id ? `Sequence "${r.sequence_name ?? "deleted"}"` : "Deleted rule");
  const lead = (r: AutomationRun) => r.lead_name ?? r.lead_email ?? "Deleted lead";
  const result = (r: AutomationRun) => (
    <Chip size="small" color={STATUS_COLOR[r.status]} label={r.status === "partial" ? "partly failed" : r.status} />
  );
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
        <FilterSelect
          label="Rule"
          value={ruleId}
          onChange={onRuleChange}
          options={rules.map((r) => ({ value: r.id, label: r.name }))}
          anyLabel="All rules"
          minWidth={180}
        />
        <FilterSelect
          label="Result"
          value={status}
          onChange={(v) => setStatus(v as AutomationRunStatus)}
          options={RESULTS}
          anyLabel="Any result"
        />
        <FilterSelect
          label="Trigger"
          value={trigger}
          onChange={(v) => setTrigger(v as AutomationTriggerType)}
          options={TRIGGER_OPTIONS}
          anyLabel="Any trigger"
          minWidth={180}
        />
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
        <PagedRows
          rows={runs.data?.runs ?? []}
          count={runs.data?.total ?? 0}
          pager={pager}
          tableLabel="Automation runs"
          phoneLabel="Automation runs"
          phoneRow={(r) => (
            <Box key={r.id} sx={{ p: 1.5 }}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                {result(r)}
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {ruleLabel(r)}
                </Typography>
              </Box>
              <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
                {new Date(r.created_at).toLocaleString()} · {TRIGGERS[r.trigger_type]} · {lead(r)} · {r.duration_ms} ms
              </Typography>
              {did(r)}
            </Box>
          )}
          head={
            <>
              <TableCell>When</TableCell>
              <TableCell>Rule</TableCell>
              <TableCell>Trigger</TableCell>
              <TableCell>Lead</TableCell>
              <TableCell>Result</TableCell>
              <TableCell>What it did</TableCell>
              <TableCell align="right">Took</TableCell>
            </>
          }
          tableRow={(r) => (
            <TableRow key={r.id}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(r.created_at).toLocaleString()}</TableCell>
              <TableCell>{ruleLabel(r)}</TableCell>
              <TableCell>{TRIGGERS[r.trigger_type]}</TableCell>
              <TableCell>{lead(r)}</TableCell>
              <TableCell>{result(r)}</TableCell>
              <TableCell>{did(r)}</TableCell>
              <TableCell align="right">{r.duration_ms} ms</TableCell>
            </TableRow>
          )}
        />
      )}
    </Box>
  );
}
