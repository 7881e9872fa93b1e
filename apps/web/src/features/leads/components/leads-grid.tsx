/**
 * The lead table: MUI X Data Grid paged, sorted and filtered by the server, with a column chooser
 * (choices remembered in this browser), checkbox selection kept across pages, and a row click
 * that opens the lead.
 */
import ViewColumn from "@mui/icons-material/ViewColumn";
import { Box, Chip, Tooltip, Typography } from "@mui/material";
import {
  ColumnsPanelTrigger,
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  Toolbar,
} from "@mui/x-data-grid";
import type { EmailStatus, Lead, LeadStatus } from "@prospector/contracts";
import { useState } from "react";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { EMAIL_STATUS_COLORS, EMAIL_STATUS_LABELS, leadName, STATUS_COLORS, STATUS_LABELS, sourceLabel } from "../lib/lead-labels.ts";
import { isSortable, PAGE_SIZES } from "../lib/lead-list-params.ts";

const VISIBILITY_KEY = "prospector.leads.columns";
const DEFAULT_HIDDEN: GridColumnVisibilityModel = {
  phone: false,
  industry: false,
  city: false,
  country: false,
  updated_at: false,
  last_activity_at: false,
};

function readVisibility(): GridColumnVisibilityModel {
  try {
    const raw = window.localStorage.getItem(VISIBILITY_KEY);
    return raw ? { ...DEFAULT_HIDDEN, ...JSON.parse(raw) } : DEFAULT_HIDDEN;
  } catch {
    return DEFAULT_HIDDEN;
  }
}

const dateCell = (value: string | null) =>
  value ? (
    <Tooltip title={formatDateTime(value)}>
      <span>{timeAgo(value)}</span>
    </Tooltip>
  ) : (
    ""
  );

const baseColumns: GridColDef<Lead>[] = [
  {
    field: "name",
    headerName: "Name",
    flex: 1.2,
    minWidth: 170,
    valueGetter: (_v, row) => leadName(row),
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.75, overflow: "hidden" }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {leadName(row)}
        </Typography>
        {row.role && (
          <Typography variant="caption" color="textSecondary" noWrap component="div">
            {row.role}
          </Typography>
        )}
      </Box>
    ),
  },
  { field: "email", headerName: "Email", flex: 1.3, minWidth: 200 },
  { field: "company_name", headerName: "Company", flex: 1, minWidth: 150 },
  {
    field: "status",
    headerName: "Status",
    width: 130,
    renderCell: ({ row }) => (
      <Chip size="small" label={STATUS_LABELS[row.status as LeadStatus] ?? row.status} color={STATUS_COLORS[row.status as LeadStatus]} />
    ),
  },
  {
    field: "email_status",
    headerName: "Email check",
    width: 120,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        label={EMAIL_STATUS_LABELS[row.email_status as EmailStatus] ?? row.email_status}
        color={EMAIL_STATUS_COLORS[row.email_status as EmailStatus]}
      />
    ),
  },
  { field: "score", headerName: "Score", type: "number", width: 80, valueFormatter: (v: number | null) => (v == null ? "—" : String(v)) },
  {
    field: "tags",
    headerName: "Tags",
    flex: 1,
    minWidth: 140,
    renderCell: ({ row }) => (
      <Box sx={{ display: "flex", gap: 0.5, overflow: "hidden", alignItems: "center", height: "100%" }}>
        {row.tags.map((t) => (
          <Chip key={t} size="small" label={t} variant="outlined" />
        ))}
      </Box>
    ),
  },
  { field: "source", headerName: "Source", width: 120, valueFormatter: (v: string) => sourceLabel(v) },
  { field: "phone", headerName: "Phone", width: 140 },
  { field: "industry", headerName: "Industry", width: 140 },
  { field: "city", headerName: "City", width: 120 },
  { field: "country", headerName: "Country", width: 120 },
  { field: "created_at", headerName: "Added", width: 120, renderCell: ({ row }) => dateCell(row.created_at) },
  { field: "updated_at", headerName: "Updated", width: 120, renderCell: ({ row }) => dateCell(row.updated_at) },
  { field: "last_activity_at", headerName: "Last activity", width: 130, renderCell: ({ row }) => dateCell(row.last_activity_at) },
];
const columns = baseColumns.map((c): GridColDef<Lead> => ({ ...c, sortable: isSortable(c.field) }));

function GridToolbar() {
  return (
    <Toolbar>
      <Typography variant="body2" color="textSecondary" sx={{ flex: 1, px: 1 }}>
        Click a lead to open it; tick leads to act on several at once.
      </Typography>
      <ColumnsPanelTrigger startIcon={<ViewColumn fontSize="small" />} size="small">
        Columns
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}

interface Props {
  rows: Lead[];
  rowCount: number;
  loading: boolean;
  sortModel: GridSortModel;
  onSortModelChange: (m: GridSortModel) => void;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (m: GridPaginationModel) => void;
  selection: string[];
  onSelectionChange: (ids: string[]) => void;
  onOpen: (id: string) => void;
  noRowsLabel: string;
}

export function LeadsGrid(props: Props) {
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(readVisibility);
  const selectionModel: GridRowSelectionModel = { type: "include", ids: new Set(props.selection) };
  return (
    <DataGrid
      aria-label="Leads"
      rows={props.rows}
      columns={columns}
      rowCount={props.rowCount}
      loading={props.loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      sortModel={props.sortModel}
      onSortModelChange={props.onSortModelChange}
      paginationModel={props.paginationModel}
      onPaginationModelChange={props.onPaginationModelChange}
      pageSizeOptions={PAGE_SIZES}
      checkboxSelection
      disableRowSelectionOnClick
      disableRowSelectionExcludeModel
      keepNonExistentRowsSelected
      rowSelectionModel={selectionModel}
      onRowSelectionModelChange={(m) => props.onSelectionChange([...m.ids].map(String))}
      onRowClick={(p) => props.onOpen(String(p.id))}
      columnVisibilityModel={visibility}
      onColumnVisibilityModelChange={(m) => {
        setVisibility(m);
        window.localStorage.setItem(VISIBILITY_KEY, JSON.stringify(m));
      }}
      showToolbar
      slots={{ toolbar: GridToolbar }}
      localeText={{ noRowsLabel: props.noRowsLabel }}
      rowHeight={56}
      sx={{ bgcolor: "background.paper", "& .MuiDataGrid-row": { cursor: "pointer" }, minHeight: 420 }}
    />
  );
}
