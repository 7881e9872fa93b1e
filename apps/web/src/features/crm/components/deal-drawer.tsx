/**
 * The deal drawer (/crm/deals?selected={id}): value, stage and probability (edited in place), its
 * customer, stage history, tasks ("Add task") and interactions ("Book meeting"), and delete.
 */
import AddTaskOutlined from "@mui/icons-material/AddTaskOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EventAvailableOutlined from "@mui/icons-material/EventAvailableOutlined";
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import { BookMeeting, type CrmDeal, type CrmTask, CrmTaskCreate, DealUpdate } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { PresenceAvatars } from "../../team/components/presence-avatars.tsx";
import { useBookMeeting, useDealHistory, useStages } from "../api/use-deals.ts";
import { useCreateRecord, useDeleteRecord, useRecord, useUpdateRecord } from "../api/use-records.ts";
import { MEETING_FIELDS, TASK_FIELDS } from "../lib/activity-fields.ts";
import { DEAL_STATUS_COLORS, DEAL_STATUS_LABELS, formatDay, formatMoney } from "../lib/crm-labels.ts";
import { dealFields } from "../lib/deal-fields.ts";
import { DrawerHeader, DrawerSection, RecordDrawer } from "./record-drawer.tsx";
import { RecordCreateDialog, RecordEditForm } from "./record-form.tsx";
import { RelatedInteractions, RelatedTasks } from "./related-lists.tsx";

function StageHistory({ dealId }: { dealId: string }) {
  const history = useDealHistory(dealId);
  if (history.isPending) return <Typography variant="body2">Loading...</Typography>;
  if (history.isError)
    return (
      <Typography variant="body2" color="error">
        {errorMessage(history.error)}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Stage history">
      {history.data.map((h) => (
        <ListItem key={h.id} disableGutters>
          <ListItemText
            primary={
              h.from_stage_id
                ? `${h.from_stage ?? "A deleted stage"} → ${h.to_stage ?? "a deleted stage"}`
                : `Created in ${h.to_stage ?? "a deleted stage"}`
            }
            secondary={formatDateTime(h.changed_at)}
          />
        </ListItem>
      ))}
    </List>
  );
}

function DealContent({ deal, onClose }: { deal: CrmDeal; onClose: () => void }) {
  const stages = useStages();
  const update = useUpdateRecord<CrmDeal, DealUpdate>("deals", deal.id);
  const remove = useDeleteRecord("deals");
  const addTask = useCreateRecord<CrmTask, CrmTaskCreate>("tasks");
  const book = useBookMeeting();
  const toast = useToast();
  const [dialog, setDialog] = useState<"delete" | "task" | "meeting" | null>(null);
  const links = { deal_id: deal.id, customer_id: deal.customer_id, lead_id: deal.lead_id };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <DrawerHeader
        noun="deal"
        title={deal.name}
        subtitle={`${formatMoney(deal.value, deal.currency)} · ${deal.stage}${deal.customer_name ? ` · ${deal.customer_name}` : ""}`}
        chips={
          <>
            <Chip size="small" label={DEAL_STATUS_LABELS[deal.status]} color={DEAL_STATUS_COLORS[deal.status]} />
            <Chip
              size="small"
              variant="outlined"
              label={`${deal.effective_probability}% likely${deal.probability === null ? " (stage default)" : ""}`}
            />
            {deal.expected_close_date && <Chip size="small" variant="outlined" label={`Closes ${formatDay(deal.expected_close_date)}`} />}
          </>
        }
        onClose={onClose}
      />
      <Box sx={{ flex: 1, overflow: "auto", p: 2.5, display: "grid", gap: 3, alignContent: "start" }}>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button variant="outlined" startIcon={<EventAvailableOutlined />} onClick={() => setDialog("meeting")}>
            Book meeting
          </Button>
          <Button variant="outlined" startIcon={<AddTaskOutlined />} onClick={() => setDialog("task")}>
            Add task
          </Button>
          <PresenceAvatars resource={`deal:${deal.id}`} />
          <Box sx={{ flex: 1 }} />
          <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDialog("delete")}>
            Delete
          </Button>
        </Box>
        <DrawerSection title="Details">
          {stages.data ? (
            <RecordEditForm
              record={deal}
              fields={dealFields(stages.data)}
              schema={DealUpdate}
              onSave={async (body) => {
                await update.mutateAsync(body as DealUpdate);
                toast.success("Deal saved");
              }}
            />
          ) : (
            <Typography variant="body2">{stages.isError ? errorMessage(stages.error) : "Loading..."}</Typography>
          )}
        </DrawerSection>
        <DrawerSection title="Customer">
          {deal.customer_id ? (
            <Link component={RouterLink} to={`/crm/customers?selected=${deal.customer_id}`}>
              {deal.customer_name ?? "Open the customer"}
            </Link>
          ) : (
            <Typography variant="body2" color="textSecondary">
              No customer: pick one in the details above.
            </Typography>
          )}
          {deal.lead_id && (
            <Link component={RouterLink} to={`/leads?selected=${deal.lead_id}`}>
              The lead this deal came from
            </Link>
          )}
          {deal.source_campaign_id && (
            <Link component={RouterLink} to={`/campaigns/${deal.source_campaign_id}`}>
              Its source campaign
            </Link>
          )}
        </DrawerSection>
        <DrawerSection title="Stage history">
          <StageHistory dealId={deal.id} />
        </DrawerSection>
        <DrawerSection title="Tasks">
          <RelatedTasks by="deal_id" id={deal.id} empty="No tasks yet: add one to plan the next step." />
        </DrawerSection>
        <DrawerSection title="Interactions">
          <RelatedInteractions by="deal_id" id={deal.id} empty="No calls, emails, meetings or notes recorded for this deal yet." />
        </DrawerSection>
        <Typography variant="caption" color="textSecondary">
          {`Added ${formatDateTime(deal.created_at)} · in this stage since ${formatDateTime(deal.stage_entered_at)}`}
        </Typography>
      </Box>

      <RecordCreateDialog
        open={dialog === "task"}
        title={`Add a task to ${deal.name}`}
        submitLabel="Add task"
        fields={TASK_FIELDS.filter((f) => f.name !== "customer_id")}
        schema={CrmTaskCreate}
        defaults={{ status: "open" }}
        extra={links}
        onCreate={async (body) => {
          await addTask.mutateAsync(body as CrmTaskCreate);
          toast.success("Task added");
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
      />
      <RecordCreateDialog
        open={dialog === "meeting"}
        title={`Book a meeting for ${deal.name}`}
        submitLabel="Book meeting"
        fields={MEETING_FIELDS}
        schema={BookMeeting}
        extra={{ ...links, campaign_id: deal.source_campaign_id }}
        onCreate={async (body) => {
          await book.mutateAsync(body as BookMeeting);
          toast.success("Meeting booked");
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
      />
      <Dialog open={dialog === "delete"} onClose={() => setDialog(null)}>
        <DialogTitle>{`Delete ${deal.name}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The deal and its stage history are removed; its tasks and interactions stay, without the link.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { id: deal.id },
                {
                  onSuccess: () => {
                    toast.success("Deal deleted");
                    onClose();
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                  onSettled: () => setDialog(null),
                },
              )
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export function DealDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const deal = useRecord<CrmDeal>("deals", id);
  return (
    <RecordDrawer id={id} noun="deal" query={deal} onClose={onClose}>
      {(d) => <DealContent key={d.id} deal={d} onClose={onClose} />}
    </RecordDrawer>
  );
}
