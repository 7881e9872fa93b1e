/**
 * A CRM record table: MUI X Data Grid paged and sorted by the server (total from X-Total-Count),
 * checkbox selection kept across pages, and a row that opens its record by click or Enter.
 */
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridValidRowModel } from "@mui/x-data-grid";
import { type ListState, PAGE_SIZES } from "../lib/list-state.ts";

interface Props<R extends GridValidRowModel> {
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  rowCount: number;
  loading: boolean;
  state: ListState;
  selection: string[];
  onSelectionChange: (ids: string[]) => void;
  noRowsLabel: string;
}

export function RecordGrid<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  rowCount,
  loading,
  state,
  selection,
  onSelectionChange,
  noRowsLabel,
}: Props<R>) {
  const selectionModel: GridRowSelectionModel = { type: "include", ids: new Set(selection) };
  return (
    <DataGrid
      aria-label={label}
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      sortModel={state.sortModel}
      onSortModelChange={state.setSortModel}
      paginationModel={state.pagination}
      onPaginationModelChange={state.setPagination}
      pageSizeOptions={PAGE_SIZES}
      checkboxSelection
      disableRowSelectionOnClick
      disableRowSelectionExcludeModel
      keepNonExistentRowsSelected
      rowSelectionModel={selectionModel}
      onRowSelectionModelChange={(m) => onSelectionChange([...m.ids].map(String))}
      onRowClick={(p) => state.open(String(p.id))}
      onCellKeyDown={(p, event) => {
        if (event.key === "Enter" && p.field !== "__check__") state.open(String(p.id));
      }}
      localeText={{ noRowsLabel }}
      rowHeight={52}
      sx={{ bgcolor: "background.paper", "& .MuiDataGrid-row": { cursor: "pointer" }, minHeight: 380 }}
    />
  );
}
