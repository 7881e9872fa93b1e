/** /automation: What happens on its own when leads reply, open or click, and did it run? Rules (trigger → conditions → actions) and their run log. */

import { Alert, Box, Button, Chip, Menu, MenuItem, Stack, Switch, TableCell, TableRow, Tooltip, Typography } from "@mui/material";
import type { AutomationRule } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCampaignOptions, useDeleteRule, useRules, useSequences, useToggleRule } from "../api/use-automation.ts";
import { DryRunDialog } from "../components/dry-run-dialog.tsx";
import { PagedRows } from "../components/paged-rows.tsx";
import { RuleDialog } from "../components/rule-dialog.tsx";
import { RunsTable } from "../components/runs-table.tsx";
import { actionsSummary, triggerSummary } from "../lib/summary.ts";

export default function AutomationPage() {
  const toast = useToast();
  const pager = usePager();
  const rules = useRules({ page: pager.page + 1, per_page: pager.perPage });
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
  const onToggle = (r: AutomationRule, enabled: boolean) =>
    toggle.mutate(
      { id: r.id, enabled },
      {
        onSuccess: (saved) => toast.success(`"${saved.name}" ${saved.enabled ? "enabled" : "disabled"}`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  const campaignName = (id: string) => campaignOptions.find((c) => c.id === id)?.name ?? "a campaign";
  const enabledSwitch = (r: AutomationRule) => (
    <Switch
      checked={r.enabled}
      slotProps={{ input: { "aria-label": `${r.name} enabled` } }}
      onChange={(e) => onToggle(r, e.target.checked)}
    />
  );
  const moreButton = (r: AutomationRule) => (
    <Button size="small" aria-label={`Actions for ${r.name}`} onClick={(e) => setMenu({ anchor: e.currentTarget, rule: r })}>
      More
    </Button>
  );

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
        <PagedRows
          rows={rules.data?.rules ?? []}
          count={rules.data?.total ?? 0}
          pager={pager}
          paperProps={{ component: "section", "aria-label": "Rules" }}
          tableLabel="Automation rules"
          phoneRow={(r) => (
            <Box key={r.id} sx={{ p: 1.5 }}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                {enabledSwitch(r)}
                <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                  {r.name}
                </Typography>
                {moreButton(r)}
              </Box>
              <Typography variant="body2">When: {triggerSummary(r.trigger, campaignName)}</Typography>
              <Typography variant="body2">Then: {actionsSummary(r.actions, campaignName)}</Typography>
              <Typography variant="caption" color="textSecondary">
                {r.runs} run{r.runs === 1 ? "" : "s"}
                {r.failures ? `, ${r.failures} failed` : ""} · last {r.last_run_at ? new Date(r.last_run_at).toLocaleString() : "never"}
              </Typography>
            </Box>
          )}
          head={
            <>
              <TableCell>On</TableCell>
              <TableCell>Rule</TableCell>
              <TableCell>When</TableCell>
              <TableCell>Then</TableCell>
              <TableCell>Last run</TableCell>
              <TableCell align="right">Runs</TableCell>
              <TableCell />
            </>
          }
          tableRow={(r) => (
            <TableRow key={r.id} hover>
              <TableCell padding="checkbox">{enabledSwitch(r)}</TableCell>
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
              <TableCell sx={{ whiteSpace: "nowrap" }}>{r.last_run_at ? new Date(r.last_run_at).toLocaleString() : "Never"}</TableCell>
              <TableCell align="right">
                {r.runs}
                {r.failures > 0 && (
                  <Tooltip title="Runs with a failed action">
                    <Chip size="small" color="error" label={`${r.failures} failed`} sx={{ ml: 1 }} />
                  </Tooltip>
                )}
              </TableCell>
              <TableCell align="right">{moreButton(r)}</TableCell>
            </TableRow>
          )}
        />
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
