/**
 * The frame of the tasks and interactions pages: question and count, search and filters, the
 * selection's bulk delete, the grid or the empty state, the drawer and the create dialog.
 */
import Add from "@mui/icons-material/Add";
import { Alert, Box, Button, Stack } from "@mui/material";
import type { GridColDef, GridValidRowModel } from "@mui/x-data-grid";
import type { CrmActivityBulkDeleteResult } from "@prospector/contracts";
import { type ReactNode, useState } from "react";
import { PermissionGate, usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import type { CrmRecord } from "../api/crm-keys.ts";
import { useBulkDeleteRecords, useRecordList } from "../api/use-records.ts";
import type { ListState } from "../lib/list-state.ts";
import { BulkDeleteBar } from "./bulk-delete-bar.tsx";
import { RecordGrid } from "./record-grid.tsx";
import { SearchBox } from "./search-box.tsx";

export function ListPage<R extends GridValidRowModel>({
  record,
  state,
  title,
  question,
  noun,
  searchLabel,
  searchPlaceholder,
  filters,
  columns,
  empty,
  createLabel,
  renderCreate,
  drawer,
}: {
  record: CrmRecord;
  state: ListState;
  title: string;
  question: string;
  noun: [string, string];
  searchLabel: string;
  searchPlaceholder: string;
  filters?: ReactNode;
  columns: GridColDef<R>[];
  empty: { title: string; hint: string };
  createLabel: string;
  renderCreate: (open: boolean, close: () => void) => ReactNode;
  drawer: ReactNode;
}) {
  const list = useRecordList<R>(record, state.query);
  const bulkDelete = useBulkDeleteRecords<CrmActivityBulkDeleteResult>(record);
  const toast = useToast();
  const { can } = usePermissions();
  const [creating, setCreating] = useState(false);
  const [selection, setSelection] = useState<string[]>([]);
  const createButton = (
    <PermissionGate permission="crm:create">
      <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
        {createLabel}
      </Button>
    </PermissionGate>
  );
  const nothing = list.isSuccess && list.data.total === 0 && !state.hasFilters;
  return (
    <Stack spacing={2}>
      <PageIntro
        title={title}
        question={question}
        summary={list.data ? `${list.data.total.toLocaleString()} ${state.hasFilters ? "matching" : "in this workspace"}` : " "}
        actions={createButton}
      />
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        <SearchBox label={searchLabel} placeholder={searchPlaceholder} value={state.search} onChange={state.setSearch} />
        {filters}
        {state.hasFilters && (
          <Button
            size="small"
            onClick={() => {
              state.setSearch("");
              state.clearFilters();
            }}
          >
            Clear filters
          </Button>
        )}
      </Box>
      {selection.length > 0 && (
        <BulkDeleteBar
          count={selection.length}
          noun={noun}
          busy={bulkDelete.isPending}
          canDelete={can("crm:delete")}
          onDelete={() =>
            bulkDelete.mutate(
              { ids: selection },
              {
                onSuccess: (r) => {
                  setSelection([]);
                  toast.success(`Deleted ${r.deleted} ${r.deleted === 1 ? noun[0] : noun[1]}`);
                },
                onError: (e) => toast.error(errorMessage(e)),
              },
            )
          }
          onClear={() => setSelection([])}
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
      {nothing ? (
        <EmptyState title={empty.title} hint={empty.hint}>
          {can("crm:create") && createButton}
        </EmptyState>
      ) : (
        !list.isError && (
          <RecordGrid
            label={title}
            rows={list.data?.items ?? []}
            columns={columns}
            rowCount={list.data?.total ?? 0}
            loading={list.isFetching}
            state={state}
            selection={selection}
            onSelectionChange={setSelection}
            noRowsLabel={`No ${noun[1]} match these filters`}
          />
        )
      )}
      {drawer}
      {renderCreate(creating, () => setCreating(false))}
    </Stack>
  );
}
