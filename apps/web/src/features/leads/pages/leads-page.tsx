/**
 * /leads: the lead list (server-side paging, sorting, filters and a debounced search), bulk
 * actions on the selection, the lead drawer (/leads?selected={id}), new lead, CSV import and
 * export, duplicate merging and the data-quality report (/leads?view=quality).
 */
import Add from "@mui/icons-material/Add";
import CallMergeOutlined from "@mui/icons-material/CallMergeOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import TravelExploreOutlined from "@mui/icons-material/TravelExploreOutlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from "@mui/material";
import type { GridPaginationModel, GridSortModel } from "@mui/x-data-grid";
import type { EnrichmentJob, Lead } from "@prospector/contracts";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PermissionGate, usePermissions } from "../../../app/permissions/index.ts";
import { downloadBlob } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { PresenceAvatars } from "../../team/components/presence-avatars.tsx";
import { useBulkEnrich } from "../api/use-enrichment.ts";
import { useBulkDelete, useBulkTag, useExportLeads, useLeadList } from "../api/use-leads.ts";
import { BulkActionsBar } from "../components/bulk-actions-bar.tsx";
import { type BulkSummary, BulkSummaryDialog, EnrichmentJobDialog } from "../components/bulk-summary-dialog.tsx";
import { ImportWizard } from "../components/import/import-wizard.tsx";
import { LeadDrawer } from "../components/lead-drawer.tsx";
import { LeadFiltersBar } from "../components/lead-filters-bar.tsx";
import { LeadsGrid } from "../components/leads-grid.tsx";
import { MergeDuplicatesDialog } from "../components/merge-duplicates-dialog.tsx";
import { NewLeadDialog } from "../components/new-lead-dialog.tsx";
import { leadName } from "../lib/lead-labels.ts";
import {
  DEFAULT_PAGE_SIZE,
  exportParams,
  filtersFromSearch,
  filtersToSearch,
  hasFilters,
  type LeadFilterState,
  listParams,
} from "../lib/lead-list-params.ts";
import { leadsToCsv } from "../lib/leads-csv.ts";

// Its charts (MUI X Charts) load only when the quality view is opened, not with the list.
const QualityReportView = lazy(() => import("../components/quality-report-view.tsx").then((m) => ({ default: m.QualityReportView })));

export const SEARCH_DEBOUNCE_MS = 300;

export default function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const { can } = usePermissions();
  const toast = useToast();

  const view = params.get("view") === "quality" ? "quality" : "list";
  const selectedId = params.get("selected");
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const debouncedSearch = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const query = listParams(filters, sortModel, pagination, debouncedSearch);
  const list = useLeadList(query);

  const [selection, setSelection] = useState<string[]>([]);
  const [known, setKnown] = useState<Map<string, Lead>>(new Map());
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const [enrichJob, setEnrichJob] = useState<EnrichmentJob | null>(null);
  const [dialog, setDialog] = useState<"new" | "import" | "merge" | null>(null);

  const bulkDelete = useBulkDelete();
  const bulkTag = useBulkTag();
  const bulkEnrich = useBulkEnrich();
  const exportLeads = useExportLeads();

  const setQuery = useCallback(
    (change: (p: URLSearchParams) => URLSearchParams) => setParams((current) => change(new URLSearchParams(current)), { replace: true }),
    [setParams],
  );
  const changeFilters = (next: LeadFilterState) => {
    setQuery((p) => filtersToSearch(next, p));
    setPagination((pg) => ({ ...pg, page: 0 }));
  };
  const open = (id: string | null) =>
    setQuery((p) => {
      if (id) p.set("selected", id);
      else p.delete("selected");
      return p;
    });
  const setView = (v: "list" | "quality") =>
    setQuery((p) => {
      if (v === "quality") p.set("view", "quality");
      else p.delete("view");
      return p;
    });

  const rows = list.data?.items ?? [];
  const onSelectionChange = (ids: string[]) => {
    setSelection(ids);
    setKnown((prev) => {
      const next = new Map<string, Lead>();
      for (const id of ids) {
        const lead = rows.find((r) => r.id === id) ?? prev.get(id);
        if (lead) next.set(id, lead);
      }
      return next;
    });
  };
  const labelOf = (id: string) => {
    const lead = known.get(id) ?? rows.find((r) => r.id === id);
    return lead ? leadName(lead) : id;
  };
  const clearSelection = () => onSelectionChange([]);

  const reportBulk = (action: string, result: { succeeded: string[]; failed: Array<{ id: string; error: string }> }) => {
    setSummary({ action, succeeded: result.succeeded.length, failed: result.failed.map((f) => ({ ...f, label: labelOf(f.id) })) });
    // Leads that worked leave the selection; the failed ones stay so the user can retry them.
    onSelectionChange(result.failed.map((f) => f.id));
  };

  const busy = bulkDelete.isPending || bulkTag.isPending || bulkEnrich.isPending;
  const noLeadsAtAll = list.isSuccess && list.data.total === 0 && !hasFilters(filters);

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2">
            Leads
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {list.data ? `${list.data.total.toLocaleString()} ${hasFilters(filters) ? "matching" : "in this workspace"}` : " "}
          </Typography>
        </Box>
        <PresenceAvatars resource="leads" />
        {can("leads:update") && (
          <Button startIcon={<CallMergeOutlined />} onClick={() => setDialog("merge")}>
            Merge duplicates
          </Button>
        )}
        <Button
          startIcon={<FileDownloadOutlined />}
          disabled={exportLeads.isPending || !list.data?.total}
          onClick={() =>
            exportLeads.mutate(exportParams(filters, debouncedSearch), {
              onSuccess: () => toast.success(`Exported ${list.data?.total.toLocaleString() ?? ""} leads`),
              onError: (e) => toast.error(errorMessage(e)),
            })
          }
        >
          {hasFilters(filters) ? "Export filtered" : "Export all"}
        </Button>
        <PermissionGate permission="leads:create">
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setDialog("import")}>
            Import CSV
          </Button>
        </PermissionGate>
        <PermissionGate permission="leads:create">
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog("new")}>
            New lead
          </Button>
        </PermissionGate>
      </Box>

      <Tabs value={view} onChange={(_, v) => setView(v)} sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tab value="list" label="All leads" />
        <Tab value="quality" label="Data quality" />
      </Tabs>

      {view === "quality" ? (
        <Suspense fallback={<LoadingScreen />}>
          <QualityReportView />
        </Suspense>
      ) : (
        <>
          <LeadFiltersBar filters={filters} onChange={changeFilters} />
          {selection.length > 0 && (
            <BulkActionsBar
              count={selection.length}
              busy={busy}
              canUpdate={can("leads:update")}
              canDelete={can("leads:delete")}
              onClear={clearSelection}
              bulkOperationHref={`/bulk-operations?lead_ids=${selection.join(",")}`}
              onEnrich={() =>
                bulkEnrich.mutate(selection, {
                  onSuccess: (job) => setEnrichJob(job),
                  onError: (e) => toast.error(errorMessage(e)),
                })
              }
              onTag={(add, remove) =>
                bulkTag.mutate(
                  { lead_ids: selection, add, remove },
                  { onSuccess: (r) => reportBulk("Tagged", r), onError: (e) => toast.error(errorMessage(e)) },
                )
              }
              onDelete={() =>
                bulkDelete.mutate(selection, { onSuccess: (r) => reportBulk("Deleted", r), onError: (e) => toast.error(errorMessage(e)) })
              }
              onExport={() => {
                const leads = selection.map((id) => known.get(id)).filter((l): l is Lead => Boolean(l));
                downloadBlob(
                  new Blob([leadsToCsv(leads)], { type: "text/csv;charset=utf-8" }),
                  `leads-selected-${new Date().toISOString().slice(0, 10)}.csv`,
                );
                setSummary({
                  action: "Exported",
                  succeeded: leads.length,
                  failed: selection
                    .filter((id) => !known.has(id))
                    .map((id) => ({ id, label: id, error: "Not loaded in this page any more" })),
                });
              }}
            />
          )}
          {list.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => list.refetch()}>
                  Try again
                </Button>
              }
            >
              {errorMessage(list.error)}
            </Alert>
          )}
          {noLeadsAtAll ? (
            <Box sx={{ py: 8, textAlign: "center", border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}>
              <Typography variant="h6" component="p">
                No leads yet
              </Typography>
              <Typography color="textSecondary" sx={{ mb: 2 }}>
                Import a CSV from your CRM or a data provider, add a lead by hand, or find new ones with Discovery.
              </Typography>
              <Stack direction="row" spacing={1} sx={{ justifyContent: "center", flexWrap: "wrap" }} useFlexGap>
                {can("leads:create") && (
                  <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setDialog("import")}>
                    Import CSV
                  </Button>
                )}
                <Button variant="outlined" startIcon={<TravelExploreOutlined />} component={RouterLink} to="/discovery">
                  Open Discovery
                </Button>
              </Stack>
            </Box>
          ) : (
            !list.isError && (
              <LeadsGrid
                rows={rows}
                rowCount={list.data?.total ?? 0}
                loading={list.isFetching}
                sortModel={sortModel}
                onSortModelChange={(m) => {
                  setSortModel(m);
                  setPagination((pg) => ({ ...pg, page: 0 }));
                }}
                paginationModel={pagination}
                onPaginationModelChange={setPagination}
                selection={selection}
                onSelectionChange={onSelectionChange}
                onOpen={(id) => open(id)}
                noRowsLabel="No leads match these filters"
              />
            )
          )}
        </>
      )}

      <LeadDrawer id={selectedId} onClose={() => open(null)} onEnriching={setEnrichJob} />
      <BulkSummaryDialog summary={summary} onClose={() => setSummary(null)} />
      <EnrichmentJobDialog job={enrichJob} labelOf={labelOf} onClose={() => setEnrichJob(null)} />
      <NewLeadDialog
        open={dialog === "new"}
        onClose={() => setDialog(null)}
        onCreated={(lead) => {
          setDialog(null);
          open(lead.id);
        }}
      />
      <ImportWizard open={dialog === "import"} onClose={() => setDialog(null)} onFinished={() => list.refetch()} />
      <MergeDuplicatesDialog open={dialog === "merge"} onClose={() => setDialog(null)} />
    </Stack>
  );
}
