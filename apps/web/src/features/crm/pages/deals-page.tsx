/**
 * /crm/deals: where each open deal is and what it is worth. A board by stage (drag and drop, or
 * each card's Move menu) or a table (?view=table) with search, stage and status filters; new deal,
 * stage management, bulk delete in the table, and the deal drawer (?selected={id}).
 */
import Add from "@mui/icons-material/Add";
import TableRowsOutlined from "@mui/icons-material/TableRowsOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import ViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import { Alert, Box, Button, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { type CrmBulkDeleteResult, type CrmDeal, DealCreate } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { PermissionGate, usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useMoveDeal, useOverview, useStages } from "../api/use-deals.ts";
import { useBulkDeleteRecords, useCreateRecord, useRecordList } from "../api/use-records.ts";
import { BulkDeleteBar } from "../components/bulk-delete-bar.tsx";
import { DealBoard } from "../components/deal-board.tsx";
import { DealDrawer } from "../components/deal-drawer.tsx";
import { RecordCreateDialog } from "../components/record-form.tsx";
import { RecordGrid } from "../components/record-grid.tsx";
import { FilterSelect, SearchBox } from "../components/search-box.tsx";
import { StageDialog } from "../components/stage-dialog.tsx";
import { DEAL_STATUS_COLORS, DEAL_STATUS_LABELS, formatDay, formatMoney, formatTotals, options } from "../lib/crm-labels.ts";
import { dealFields } from "../lib/deal-fields.ts";
import { SEARCH_DEBOUNCE_MS, useListState } from "../lib/list-state.ts";

const SORTS: Record<string, string> = {
  value: "value",
  expected_close_date: "expected_close_date",
  created_at: "created_at",
  updated_at: "updated_at",
};

const baseColumns: GridColDef<CrmDeal>[] = [
  { field: "name", headerName: "Deal", flex: 1.3, minWidth: 180 },
  { field: "customer_name", headerName: "Customer", flex: 1, minWidth: 150 },
  { field: "stage", headerName: "Stage", width: 140 },
  {
    field: "status",
    headerName: "Status",
    width: 100,
    renderCell: ({ row }) => <Chip size="small" label={DEAL_STATUS_LABELS[row.status]} color={DEAL_STATUS_COLORS[row.status]} />,
  },
  { field: "value", headerName: "Value", type: "number", width: 130, valueFormatter: (_v, row) => formatMoney(row.value, row.currency) },
  { field: "effective_probability", headerName: "Probability", type: "number", width: 110, valueFormatter: (v: number) => `${v}%` },
  { field: "expected_close_date", headerName: "Expected close", width: 140, valueFormatter: (v: string | null) => formatDay(v) },
  { field: "updated_at", headerName: "Updated", width: 130, valueFormatter: (v: string) => formatDay(v) },
];
const columns = baseColumns.map((c): GridColDef<CrmDeal> => ({ ...c, sortable: c.field in SORTS }));

export default function DealsPage() {
  const state = useListState(["stage_id", "status"], (f) => SORTS[f] ?? null);
  const view = state.params.get("view") === "table" ? "table" : "board";
  const stages = useStages();
  const overview = useOverview();
  const table = useRecordList<CrmDeal>("deals", state.query, view === "table");
  const create = useCreateRecord<CrmDeal, DealCreate>("deals");
  const bulkDelete = useBulkDeleteRecords<CrmBulkDeleteResult>("deals");
  const toast = useToast();
  const { can } = usePermissions();
  const boardSearch = useDebounced(state.search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<"new" | "stages" | null>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const move = useMoveDeal((deal, error) =>
    toast.error(`${deal.name} went back: ${errorMessage(error)}`, { title: "The move was not saved" }),
  );

  const openStages = overview.data?.stages ?? [];
  const openCount = openStages.reduce((n, s) => n + s.count, 0);
  const byCurrency: Record<string, number> = {};
  for (const s of openStages) for (const t of s.totals) byCurrency[t.currency] = (byCurrency[t.currency] ?? 0) + t.value;
  const weighted: Record<string, number> = {};
  for (const s of openStages) for (const t of s.totals) weighted[t.currency] = (weighted[t.currency] ?? 0) + t.weighted_value;
  const noDeals = overview.isSuccess && openCount === 0 && view === "board" && !state.hasFilters;
  const allStages = stages.data ?? [];

  return (
    <Stack spacing={2}>
      <PageIntro
        title="Deals"
        question="Where is each open deal, and what is it worth?"
        summary={
          overview.data
            ? `${openCount} open ${openCount === 1 ? "deal" : "deals"} worth ${formatTotals(byCurrency)} (weighted by probability: ${formatTotals(weighted)})`
            : " "
        }
        actions={
          <>
            {can("crm:update") && (
              <Button startIcon={<TuneOutlined />} onClick={() => setDialog("stages")} disabled={!stages.data}>
                Stages
              </Button>
            )}
            <PermissionGate permission="crm:create">
              <Button variant="contained" startIcon={<Add />} onClick={() => setDialog("new")} disabled={!stages.data}>
                New deal
              </Button>
            </PermissionGate>
          </>
        }
      />
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        <SearchBox label="Search deals" placeholder="Name or description…" value={state.search} onChange={state.setSearch} />
        {view === "table" && (
          <>
            <FilterSelect
              label="Stage"
              value={state.filters.stage_id ?? ""}
              options={allStages.map((s) => ({ value: s.id, label: s.name }))}
              onChange={(v) => state.setFilter("stage_id", v)}
            />
            <FilterSelect
              label="Status"
              value={state.filters.status ?? ""}
              options={options(DEAL_STATUS_LABELS)}
              onChange={(v) => state.setFilter("status", v)}
            />
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, v) => v && state.setParam("view", v === "table" ? "table" : null)}
          aria-label="View"
        >
          <ToggleButton value="board" aria-label="Board">
            <ViewKanbanOutlined fontSize="small" sx={{ mr: 0.5 }} /> Board
          </ToggleButton>
          <ToggleButton value="table" aria-label="Table">
            <TableRowsOutlined fontSize="small" sx={{ mr: 0.5 }} /> Table
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {(stages.isError || (view === "table" && table.isError)) && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => (stages.isError ? stages.refetch() : table.refetch())}>
              Try again
            </Button>
          }
        >
          {errorMessage(stages.error ?? table.error)}
        </Alert>
      )}
      {noDeals && (
        <EmptyState
          title="No open deals yet"
          hint="Convert a lead that replied (open it on the Leads page, then Convert to customer), or add a deal."
        >
          <Button variant="outlined" component={RouterLink} to="/leads?status=replied">
            Leads that replied
          </Button>
          {can("crm:create") && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog("new")} disabled={!stages.data}>
              New deal
            </Button>
          )}
        </EmptyState>
      )}
      {view === "board" && stages.data && (
        <>
          <Typography variant="body2" color="textSecondary">
            Drag a card to another stage, or use its menu button (keyboard: Tab to it, Enter). Click a card to open it.
          </Typography>
          <DealBoard
            stages={stages.data}
            overview={overview.data}
            search={boardSearch}
            canMove={can("crm:update")}
            onOpen={(id) => state.open(id)}
            onMove={(deal, to, index) => move.mutate({ deal, to, index, search: boardSearch })}
          />
        </>
      )}
      {view === "table" && (
        <>
          {selection.length > 0 && (
            <BulkDeleteBar
              count={selection.length}
              noun={["deal", "deals"]}
              busy={bulkDelete.isPending}
              canDelete={can("crm:delete")}
              onDelete={() =>
                bulkDelete.mutate(
                  { ids: selection },
                  {
                    onSuccess: (r) => {
                      setSelection([]);
                      toast.success(`Deleted ${r.deleted} ${r.deleted === 1 ? "deal" : "deals"}`);
                    },
                    onError: (e) => toast.error(errorMessage(e)),
                  },
                )
              }
              onClear={() => setSelection([])}
            />
          )}
          {!table.isError && (
            <RecordGrid
              label="Deals"
              rows={table.data?.items ?? []}
              columns={columns}
              rowCount={table.data?.total ?? 0}
              loading={table.isFetching}
              state={state}
              selection={selection}
              onSelectionChange={setSelection}
              noRowsLabel={state.hasFilters ? "No deals match these filters" : "No deals yet: convert a lead that replied, or add a deal"}
            />
          )}
        </>
      )}
      <DealDrawer id={state.selectedId} onClose={() => state.open(null)} />
      {stages.data && <StageDialog open={dialog === "stages"} stages={stages.data} onClose={() => setDialog(null)} />}
      {stages.data && (
        <RecordCreateDialog
          open={dialog === "new"}
          title="New deal"
          submitLabel="Add deal"
          fields={dealFields(stages.data)}
          schema={DealCreate}
          defaults={{ currency: "USD", stage_id: stages.data.find((s) => !s.is_won && !s.is_lost)?.id ?? "" }}
          onCreate={async (body) => {
            const d = await create.mutateAsync(body as DealCreate);
            toast.success(`${d.name} added to ${d.stage}`);
            setDialog(null);
            state.open(d.id);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
