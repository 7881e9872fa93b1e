/**
 * /crm/customers: who the customers are and what is open with each. A paged, searchable list
 * (server-side), bulk delete (asking what to do with their deals), a new-customer dialog and the
 * customer drawer (?selected={id}).
 */
import Add from "@mui/icons-material/Add";
import { Alert, Box, Button, Chip, Stack, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { type CrmBulkDeleteResult, type CrmCustomer, CustomerCreate, type CustomerDealsPolicy } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { PermissionGate, usePermissions } from "../../../app/permissions/index.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { timeAgo } from "../../../lib/format.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useBulkDeleteRecords, useCreateRecord, useRecordList } from "../api/use-records.ts";
import { BulkDeleteBar } from "../components/bulk-delete-bar.tsx";
import { CustomerDrawer } from "../components/customer-drawer.tsx";
import { DealsChoiceDialog } from "../components/deals-choice-dialog.tsx";
import { RecordCreateDialog } from "../components/record-form.tsx";
import { RecordGrid } from "../components/record-grid.tsx";
import { SearchBox, TextFilter } from "../components/search-box.tsx";
import { formatTotals } from "../lib/crm-labels.ts";
import { CUSTOMER_FIELDS } from "../lib/customer-fields.ts";
import { useListState } from "../lib/list-state.ts";

const SORTS: Record<string, string> = { name: "name", created_at: "created_at" };

const baseColumns: GridColDef<CrmCustomer>[] = [
  {
    field: "name",
    headerName: "Name",
    flex: 1.2,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.75, overflow: "hidden" }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {row.name}
        </Typography>
        {row.company && (
          <Typography variant="caption" color="textSecondary" noWrap component="div">
            {row.company}
          </Typography>
        )}
      </Box>
    ),
  },
  { field: "email", headerName: "Email", flex: 1.2, minWidth: 190 },
  { field: "phone", headerName: "Phone", width: 140 },
  { field: "open_deals", headerName: "Open deals", type: "number", width: 110 },
  {
    field: "open_value",
    headerName: "Open value",
    flex: 0.8,
    minWidth: 130,
    valueGetter: (_v, row) => (row.open_deals ? formatTotals(row.open_value) : "—"),
  },
  {
    field: "tags",
    headerName: "Tags",
    flex: 0.8,
    minWidth: 130,
    renderCell: ({ row }) => (
      <Box sx={{ display: "flex", gap: 0.5, overflow: "hidden", alignItems: "center", height: "100%" }}>
        {row.tags.map((t) => (
          <Chip key={t} size="small" label={t} variant="outlined" />
        ))}
      </Box>
    ),
  },
  { field: "created_at", headerName: "Added", width: 120, valueGetter: (_v, row) => timeAgo(row.created_at) },
];
const columns = baseColumns.map((c): GridColDef<CrmCustomer> => ({ ...c, sortable: c.field in SORTS }));

export default function CustomersPage() {
  const state = useListState(["tag"], (f) => SORTS[f] ?? null);
  const list = useRecordList<CrmCustomer>("customers", state.query);
  const create = useCreateRecord<CrmCustomer, CustomerCreate>("customers");
  const bulkDelete = useBulkDeleteRecords<CrmBulkDeleteResult>("customers");
  const toast = useToast();
  const { can } = usePermissions();
  const [creating, setCreating] = useState(false);
  const [selection, setSelection] = useState<string[]>([]);
  const [askDeals, setAskDeals] = useState(false);

  const deleteSelection = (policy?: CustomerDealsPolicy) =>
    bulkDelete.mutate(
      { ids: selection, params: policy ? { deals: policy } : undefined },
      {
        onSuccess: (r) => {
          setAskDeals(false);
          setSelection([]);
          const deals = r.deals_deleted
            ? `, ${r.deals_deleted} deals deleted`
            : r.deals_detached
              ? `, ${r.deals_detached} deals detached`
              : "";
          const gone = r.not_found.length ? ` (${r.not_found.length} were already gone)` : "";
          toast.success(`Deleted ${r.deleted} ${r.deleted === 1 ? "customer" : "customers"}${deals}${gone}`);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === "CUSTOMER_HAS_DEALS") setAskDeals(true);
          else {
            setAskDeals(false);
            toast.error(errorMessage(e));
          }
        },
      },
    );

  const empty = list.isSuccess && list.data.total === 0 && !state.hasFilters;
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Customers"
        question="Who are your customers, and what is still open with each of them?"
        summary={list.data ? `${list.data.total.toLocaleString()} ${state.hasFilters ? "matching" : "in this workspace"}` : " "}
        actions={
          <PermissionGate permission="crm:create">
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              New customer
            </Button>
          </PermissionGate>
        }
      />
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
        <SearchBox label="Search customers" placeholder="Name, email, company…" value={state.search} onChange={state.setSearch} />
        <TextFilter label="Tag" value={state.filters.tag ?? ""} onChange={(v) => state.setFilter("tag", v)} />
      </Box>
      {selection.length > 0 && (
        <BulkDeleteBar
          count={selection.length}
          noun={["customer", "customers"]}
          busy={bulkDelete.isPending}
          canDelete={can("crm:delete")}
          onDelete={() => deleteSelection()}
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
      {empty ? (
        <EmptyState
          title="No customers yet"
          hint="Convert a lead that replied (open it on the Leads page, then Convert to customer), or add a customer by hand."
        >
          <Button variant="outlined" component={RouterLink} to="/leads?status=replied">
            Leads that replied
          </Button>
          {can("crm:create") && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              New customer
            </Button>
          )}
        </EmptyState>
      ) : (
        !list.isError && (
          <RecordGrid
            label="Customers"
            rows={list.data?.items ?? []}
            columns={columns}
            rowCount={list.data?.total ?? 0}
            loading={list.isFetching}
            state={state}
            selection={selection}
            onSelectionChange={setSelection}
            noRowsLabel="No customers match this search"
          />
        )
      )}
      <CustomerDrawer id={state.selectedId} onClose={() => state.open(null)} />
      <DealsChoiceDialog
        open={askDeals}
        what={selection.length === 1 ? "This customer" : `${selection.length} customers`}
        busy={bulkDelete.isPending}
        onChoose={deleteSelection}
        onCancel={() => setAskDeals(false)}
      />
      <RecordCreateDialog
        open={creating}
        title="New customer"
        submitLabel="Add customer"
        fields={CUSTOMER_FIELDS}
        schema={CustomerCreate}
        onCreate={async (body) => {
          const c = await create.mutateAsync(body as CustomerCreate);
          toast.success(`${c.name} added`);
          setCreating(false);
          state.open(c.id);
        }}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}
