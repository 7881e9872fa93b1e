/**
 * /campaigns: the campaign list (server paging and sorting, status chips, search, date range), bulk
 * pause/resume/stop/delete with a report of successes and errors, and "New campaign". The list's
 * 401/403/500 texts and its 503 → empty list follow outreach-core §6 and §8.
 */
import Add from "@mui/icons-material/Add";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { CAMPAIGN_ACTION_STATES, type Campaign, type CampaignAction } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { PermissionGate, usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { useSocketRefresh } from "../../../lib/use-socket.tsx";
import { campaignKeys } from "../api/campaign-keys.ts";
import { type BulkReport, useBulkCampaignAction, useCampaignList } from "../api/use-campaigns.ts";
import { BulkReportDialog } from "../components/bulk-report-dialog.tsx";
import { CampaignFiltersBar } from "../components/campaign-filters-bar.tsx";
import { CampaignsGrid } from "../components/campaigns-grid.tsx";
import { ACTION_LABELS } from "../lib/campaign-labels.ts";
import { type CampaignFilterState, filtersFromSearch, filtersToSearch, hasFilters, listParams } from "../lib/campaign-list-params.ts";

export const SEARCH_DEBOUNCE_MS = 300;
const BULK_ACTIONS: Exclude<CampaignAction, "launch">[] = ["pause", "resume", "stop", "delete"];

export default function CampaignsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const debouncedSearch = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const list = useCampaignList(listParams(filters, debouncedSearch));
  const bulk = useBulkCampaignAction();

  const [selection, setSelection] = useState<string[]>([]);
  const [known, setKnown] = useState<Map<string, Campaign>>(new Map());
  const [confirm, setConfirm] = useState<(typeof BULK_ACTIONS)[number] | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);

  // Another tab or teammate changed a campaign: the list follows.
  useSocketRefresh(["campaign.updated"], campaignKeys.lists());

  const change = (next: CampaignFilterState) => setParams(filtersToSearch(next), { replace: true });
  const rows = list.data?.campaigns ?? [];

  const onSelectionChange = (ids: string[]) => {
    setSelection(ids);
    setKnown((prev) => {
      const next = new Map<string, Campaign>();
      for (const id of ids) {
        const c = rows.find((r) => r.id === id) ?? prev.get(id);
        if (c) next.set(id, c);
      }
      return next;
    });
  };
  const selected = selection.map((id) => known.get(id) ?? rows.find((r) => r.id === id)).filter((c): c is Campaign => Boolean(c));
  const applicable = (action: CampaignAction) => selected.filter((c) => CAMPAIGN_ACTION_STATES[action].includes(c.status)).length;

  const run = (action: (typeof BULK_ACTIONS)[number]) => {
    setConfirm(null);
    bulk.mutate(
      { action, campaigns: selected.map((c) => ({ id: c.id, name: c.name })) },
      {
        onSuccess: (r) => {
          setReport(r);
          // The campaigns that worked leave the selection; the failed ones stay for another try.
          onSelectionChange(r.failed.map((f) => f.id));
        },
      },
    );
  };

  const noneAtAll = list.isSuccess && list.data.total === 0 && !hasFilters(filters);
  const actionPermission = (a: CampaignAction) => (a === "delete" ? "campaigns:delete" : "campaigns:update");

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2">
            Campaigns
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {list.data ? `${list.data.total.toLocaleString()} ${hasFilters(filters) ? "matching" : "in this workspace"}` : " "}
          </Typography>
        </Box>
        <PermissionGate permission="campaigns:create">
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/campaigns/new/edit">
            New campaign
          </Button>
        </PermissionGate>
      </Box>

      <CampaignFiltersBar filters={filters} onChange={change} />

      {selection.length > 0 && (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}
          role="region"
          aria-label="Bulk actions"
        >
          <Typography sx={{ flex: 1, minWidth: 160 }}>{`${selection.length} selected`}</Typography>
          {BULK_ACTIONS.filter((a) => can(actionPermission(a))).map((a) => (
            <Button
              key={a}
              size="small"
              variant="outlined"
              color={a === "delete" || a === "stop" ? "error" : "primary"}
              disabled={bulk.isPending}
              onClick={() => (a === "delete" || a === "stop" ? setConfirm(a) : run(a))}
              title={`${applicable(a)} of ${selected.length} can be ${a === "stop" ? "stopped" : `${a}d`} in their current state`}
            >
              {ACTION_LABELS[a]}
            </Button>
          ))}
          <Button size="small" onClick={() => onSelectionChange([])} disabled={bulk.isPending}>
            Clear selection
          </Button>
        </Paper>
      )}

      {bulk.isError && <Alert severity="error">{errorMessage(bulk.error)}</Alert>}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        >
          {list.error.message}
        </Alert>
      )}

      {noneAtAll ? (
        <Box sx={{ py: 8, textAlign: "center", border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}>
          <CampaignOutlined color="disabled" sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p">
            No campaigns yet
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            Write a sequence, pick leads and an inbox, and launch: replies stop the sequence for that lead.
          </Typography>
          {can("campaigns:create") && (
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/campaigns/new/edit">
              New campaign
            </Button>
          )}
        </Box>
      ) : (
        !list.isError && (
          <CampaignsGrid
            rows={rows}
            rowCount={list.data?.total ?? 0}
            loading={list.isFetching}
            filters={filters}
            onChange={(patch) => change({ ...filters, ...patch })}
            selection={selection}
            onSelectionChange={onSelectionChange}
            onOpen={(id) => navigate(`/campaigns/${id}`)}
            noRowsLabel={hasFilters(filters) ? "No campaigns match these filters" : "No campaigns"}
          />
        )
      )}

      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>{confirm === "delete" ? "Delete campaigns?" : "Stop campaigns?"}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm === "delete"
              ? `${selected.length} selected. Deleted campaigns and their figures cannot be brought back; active ones are refused.`
              : `${selected.length} selected. A stopped campaign sends nothing more and cannot be resumed (it can be duplicated).`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => confirm && run(confirm)}>
            {confirm ? ACTION_LABELS[confirm] : ""}
          </Button>
        </DialogActions>
      </Dialog>
      <BulkReportDialog report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
