/**
 * /crm/interactions: what was said to whom, and when. Calls, emails, meetings and notes, newest
 * first — those typed in here and those the product recorded (replies, Compose sends, booked
 * meetings); the interaction drawer (?selected={id}).
 */
import { Chip } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { type CrmInteraction, CrmInteractionCreate } from "@prospector/contracts";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCreateRecord } from "../api/use-records.ts";
import { InteractionDrawer } from "../components/activity-drawers.tsx";
import { ListPage } from "../components/list-page.tsx";
import { RecordCreateDialog } from "../components/record-form.tsx";
import { FilterSelect } from "../components/search-box.tsx";
import { INTERACTION_FIELDS } from "../lib/activity-fields.ts";
import { INTERACTION_SOURCE_LABELS, INTERACTION_TYPE_LABELS, options } from "../lib/crm-labels.ts";
import { useListState } from "../lib/list-state.ts";

const SORTS: Record<string, string> = { date: "date", created_at: "created_at" };

const baseColumns: GridColDef<CrmInteraction>[] = [
  { field: "subject", headerName: "Subject", flex: 1.5, minWidth: 200 },
  {
    field: "type",
    headerName: "Type",
    width: 110,
    renderCell: ({ row }) => <Chip size="small" variant="outlined" label={INTERACTION_TYPE_LABELS[row.type]} />,
  },
  { field: "date", headerName: "When", width: 180, valueFormatter: (v: string) => formatDateTime(v) },
  { field: "related_label", headerName: "With", flex: 1, minWidth: 150 },
  { field: "source", headerName: "Recorded", width: 160, valueFormatter: (v: string) => INTERACTION_SOURCE_LABELS[v] ?? v },
];
const columns = baseColumns.map((c): GridColDef<CrmInteraction> => ({ ...c, sortable: c.field in SORTS }));

export default function InteractionsPage() {
  const state = useListState(["type", "source"], (f) => SORTS[f] ?? null);
  const create = useCreateRecord<CrmInteraction, CrmInteractionCreate>("interactions");
  const toast = useToast();
  return (
    <ListPage<CrmInteraction>
      record="interactions"
      state={state}
      title="Interactions"
      question="What was said to whom, and when?"
      noun={["interaction", "interactions"]}
      searchLabel="Search interactions"
      searchPlaceholder="Subject, description, notes…"
      filters={
        <>
          <FilterSelect
            label="Type"
            value={state.filters.type ?? ""}
            options={options(INTERACTION_TYPE_LABELS)}
            onChange={(v) => state.setFilter("type", v)}
          />
          <FilterSelect
            label="Recorded"
            value={state.filters.source ?? ""}
            options={options(INTERACTION_SOURCE_LABELS)}
            onChange={(v) => state.setFilter("source", v)}
          />
        </>
      }
      columns={columns}
      empty={{
        title: "No interactions yet",
        hint: "Replies to your campaigns, emails sent from Compose and booked meetings appear here by themselves; log a call or a note by hand.",
      }}
      createLabel="Log interaction"
      renderCreate={(open, close) => (
        <RecordCreateDialog
          open={open}
          title="Log an interaction"
          submitLabel="Save"
          fields={INTERACTION_FIELDS}
          schema={CrmInteractionCreate}
          defaults={{ type: "call" }}
          onCreate={async (body) => {
            const i = await create.mutateAsync(body as CrmInteractionCreate);
            toast.success("Interaction logged");
            close();
            state.open(i.id);
          }}
          onClose={close}
        />
      )}
      drawer={<InteractionDrawer id={state.selectedId} onClose={() => state.open(null)} />}
    />
  );
}
