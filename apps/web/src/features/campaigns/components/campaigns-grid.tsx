/** The campaign table: MUI X Data Grid paged and sorted by the server, checkbox selection, a status chip per row. */
import { Box, Tooltip, Typography } from "@mui/material";
import { DataGrid, type GridColDef, type GridSortModel } from "@mui/x-data-grid";
import { type Campaign, CampaignSortField } from "@prospector/contracts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { type CampaignFilterState, PER_PAGE_OPTIONS } from "../lib/campaign-list-params.ts";
import { CampaignStatusChip } from "./campaign-status-chip.tsx";

const dateCell = (value: string | null) =>
  value ? (
    <Tooltip title={formatDateTime(value)}>
      <span>{timeAgo(value)}</span>
    </Tooltip>
  ) : (
    "—"
  );

const baseColumns: GridColDef<Campaign>[] = [
  {
    field: "name",
    headerName: "Campaign",
    flex: 1.5,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.75, overflow: "hidden" }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {row.name}
        </Typography>
        <Typography variant="caption" color="textSecondary" noWrap component="div">
          {row.subject_line}
        </Typography>
      </Box>
    ),
  },
  { field: "status", headerName: "Status", width: 120, renderCell: ({ row }) => <CampaignStatusChip status={row.status} /> },
  { field: "total_leads", headerName: "Leads", type: "number", width: 90 },
  { field: "steps", headerName: "Steps", type: "number", width: 80, valueGetter: (_v, row) => row.steps.length },
  { field: "created_at", headerName: "Created", width: 130, renderCell: ({ row }) => dateCell(row.created_at) },
  { field: "launched_at", headerName: "Launched", width: 130, renderCell: ({ row }) => dateCell(row.launched_at) },
  { field: "updated_at", headerName: "Updated", width: 130, renderCell: ({ row }) => dateCell(row.updated_at) },
];
const columns = baseColumns.map((c) => ({ ...c, sortable: CampaignSortField.safeParse(c.field).success }));

interface Props {
  rows: Campaign[];
  rowCount: number;
  loading: boolean;
  filters: CampaignFilterState;
  onChange: (patch: Partial<CampaignFilterState>) => void;
  selection: string[];
  onSelectionChange: (ids: string[]) => void;
  onOpen: (id: string) => void;
  noRowsLabel: string;
}

export function CampaignsGrid({ rows, rowCount, loading, filters, onChange, selection, onSelectionChange, onOpen, noRowsLabel }: Props) {
  const sortModel: GridSortModel = [{ field: filters.sort_by, sort: filters.sort_order }];
  return (
    <DataGrid
      aria-label="Campaigns"
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      disableColumnFilter
      sortModel={sortModel}
      onSortModelChange={(m) => {
        const first = m[0];
        const field = CampaignSortField.safeParse(first?.field);
        // Clearing the sort returns to the server's default (newest first).
        onChange(
          first && field.success
            ? { sort_by: field.data, sort_order: first.sort === "asc" ? "asc" : "desc", page: 1 }
            : { sort_by: "created_at", sort_order: "desc", page: 1 },
        );
      }}
      paginationModel={{ page: filters.page - 1, pageSize: filters.per_page }}
      onPaginationModelChange={(m) => onChange(m.pageSize !== filters.per_page ? { per_page: m.pageSize, page: 1 } : { page: m.page + 1 })}
      pageSizeOptions={PER_PAGE_OPTIONS}
      checkboxSelection
      disableRowSelectionOnClick
      disableRowSelectionExcludeModel
      keepNonExistentRowsSelected
      rowSelectionModel={{ type: "include", ids: new Set(selection) }}
      onRowSelectionModelChange={(m) => onSelectionChange([...m.ids].map(String))}
      onRowClick={(p) => onOpen(String(p.id))}
      localeText={{ noRowsLabel }}
      rowHeight={56}
      sx={{ bgcolor: "background.paper", "& .MuiDataGrid-row": { cursor: "pointer" }, minHeight: 420 }}
    />
  );
}
