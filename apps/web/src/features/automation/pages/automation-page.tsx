/** /automation: What happens on its own when leads reply, open or click, and did it run? Rules (trigger → conditions → actions) and their run log. */

import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  type Theme,
  Tooltip,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { AutomationRule } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCampaignOptions, useDeleteRule, useRules, useSequences, useToggleRule } from "../api/use-automation.ts";
import { DryRunDialog } from "../components/dry-run-dialog.tsx";
import { RuleDialog } from "../components/rule-dialog.tsx";
import { RunsTable } from "../components/runs-table.tsx";
import { actionsSummary, triggerSummary } from "../lib/summary.ts";

export default function AutomationPage() {
  const toast = useToast();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const rules = useRules({ page: page + 1, per_page: perPage });
  const allRules = useRules({ page: 1, per_page: 100 });
  const campaigns = useCampaignOptions();
  const sequences = useSequences({ page: 1, per_page: 100 });
  const toggle = useToggleRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<AutomationRule | "new" | null>(null);
  const [dryRun, setDryRun] = useState<AutomationRule | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; rule: AutomationRule } | null>(null);
  const [logRule, setLogRule] = useState("");

  const campaignOptions = useMemo(() => (campaigns.data?.campaigns ?? []).map((c) => ({ id: c.id, name: c.name })), [campaigns.data]);
  const sequenceOptions = useMemo(() => (sequences.data?.sequences ?? []).map((s) => ({ id: s.id, name: s.name })), [sequences.data]);
  const ruleOptions = useMemo(() => (allRules.data?.rules ?? []).map((r) => ({ id: r.id, name: r.name })), [allRules.data]);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  const onToggle = (r: AutomationRule, enabled: boolean) =>
    toggle.mutate(
      { id: r.id, enabled },
      {
        onSuccess: (saved) => toast.success(`"${saved.name}" ${saved.enabled ? "enabled" : "disabled"}`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  const campaignName = (id: string) => campaignOptions.find((c) => c.id === id)?.name ?? "a campaign";

  return (
    <Stack spacing={3}>
      <PageIntro
        question="What happens on its own when leads reply, open or click, and did it run?"
        summary="Each rule waits for a trigger, checks its conditions on the lead, then acts: a CRM task, a notification, a campaign, a tag or a status. Rules run in the background; the log shows every run."
        actions={
          <Button variant="contained" onClick={() => setEditing("new")}>
            New rule
          </Button>
        }
      />
      {rules.error ? (
        <Alert severity="error">{errorMessage(rules.error)}</Alert>
      ) : rules.data && rules.data.total === 0 ? (
        <EmptyState
          title="No automation rule yet"
          hint='Create one, e.g. "Reply received → create a CRM task and notify me" or "Opened 3× without a reply → add to a nurture sequence". It acts on events from the moment it is created.'
        >
          <Button variant="contained" onClick={() => setEditing("new")}>
            Create the first rule
          </Button>
        </EmptyState>
      ) : (
        <Paper variant="outlined" component="section" aria-label="Rules">
          {phone ? (
            <Stack divider={<Divider />}>
              {(rules.data?.rules ?? []).map((r) => (
                <Box key={r.id} sx={{ p: 1.5 }}>
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                    <Switch
                      checked={r.enabled}
                      slotProps={{ input: { "aria-label": `${r.name} enabled` } }}
                      onChange={(e) => onToggle(r, e.target.checked)}
                    />
                    <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                      {r.name}
                    </Typography>
                    <Button
                      size="small"
                      aria-label={`Actions for ${r.name}`}
                      onClick={(e) => setMenu({ anchor: e.currentTarget, rule: r })}
                    >
                      More
                    </Button>
                  </Box>
                  <Typography variant="body2">When: {triggerSummary(r.trigger, campaignName)}</Typography>
                  <Typography variant="body2">Then: {actionsSummary(r.actions, campaignName)}</Typography>
                  <Typography variant="caption" color="textSecondary">
                    {r.runs} run{r.runs === 1 ? "" : "s"}
                    {r.failures ? `, ${r.failures} failed` : ""} · last {r.last_run_at ? new Date(r.last_run_at).toLocaleString() : "never"}
                  </Typography>
                </Box>
              ))}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Automation rules">
                <TableHead>
                  <TableRow>
                    <TableCell>On</TableCell>
                    <TableCell>Rule</TableCell>
                    <TableCell>When</TableCell>
                    <TableCell>Then</TableCell>
                    <TableCell>Last run</TableCell>
                    <TableCell align="right">Runs</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(rules.data?.rules ?? []).map((r) => (
                    <TableRow key={r.id} hover>
                      <TableCell padding="checkbox">
                        <Switch
                          checked={r.enabled}
                          slotProps={{ input: { "aria-label": `${r.name} enabled` } }}
                          onChange={(e) => onToggle(r, e.target.checked)}
                        />
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {r.name}
                        </Typography>
                        {r.conditions.length > 0 && (
                          <Typography variant="caption" color="textSecondary">
                            {r.conditions.length} condition{r.conditions.length === 1 ? "" : "s"}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{triggerSummary(r.trigger, campaignName)}</TableCell>
                      <TableCell>{actionsSummary(r.actions, campaignName)}</TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>
                        {r.last_run_at ? new Date(r.last_run_at).toLocaleString() : "Never"}
                      </TableCell>
                      <TableCell align="right">
                        {r.runs}
                        {r.failures > 0 && (
                          <Tooltip title="Runs with a failed action">
                            <Chip size="small" color="error" label={`${r.failures} failed`} sx={{ ml: 1 }} />
                          </Tooltip>
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          aria-label={`Actions for ${r.name}`}
                          onClick={(e) => setMenu({ anchor: e.currentTarget, rule: r })}
                        >
                          More
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={rules.data?.total ?? 0}
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
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setEditing(menu!.rule);
            setMenu(null);
          }}
        >
          Edit
        </MenuItem>
        <MenuItem
          onClick={() => {
            setDryRun(menu!.rule);
            setMenu(null);
          }}
        >
          Dry run on a lead
        </MenuItem>
        <MenuItem
          onClick={() => {
            setLogRule(menu!.rule.id);
            setMenu(null);
          }}
        >
          Show its runs
        </MenuItem>
        <MenuItem
          onClick={() => {
            setDeleting(menu!.rule);
            setMenu(null);
          }}
          sx={{ color: "error.main" }}
        >
          Delete
        </MenuItem>
      </Menu>
      <Box>
        <RunsTable rules={ruleOptions} ruleId={logRule} onRuleChange={setLogRule} />
      </Box>
      {editing && (
        <RuleDialog
          rule={editing === "new" ? null : editing}
          campaigns={campaignOptions}
          sequences={sequenceOptions}
          onClose={() => setEditing(null)}
        />
      )}
      {dryRun && <DryRunDialog rule={dryRun} onClose={() => setDryRun(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={`Delete "${deleting.name}"?`}
          confirmLabel="Delete rule"
          danger
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : undefined}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(`"${deleting.name}" deleted`);
                setDeleting(null);
                if (logRule === deleting.id) setLogRule("");
              },
            })
          }
        >
          The rule stops at once; its run log goes with it.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
