/** The task drawer (/crm/tasks?selected=) and the interaction drawer (/crm/interactions?selected=): edit, links, delete. */
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Typography } from "@mui/material";
import { type CrmInteraction, CrmInteractionUpdate, type CrmTask, CrmTaskUpdate } from "@prospector/contracts";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import type { CrmRecord } from "../api/crm-keys.ts";
import { useDeleteRecord, useRecord, useUpdateRecord } from "../api/use-records.ts";
import { INTERACTION_FIELDS, TASK_FIELDS } from "../lib/activity-fields.ts";
import {
  INTERACTION_SOURCE_LABELS,
  INTERACTION_TYPE_LABELS,
  isOverdue,
  TASK_STATUS_COLORS,
  TASK_STATUS_LABELS,
} from "../lib/crm-labels.ts";
import { DrawerHeader, DrawerSection, RecordDrawer } from "./record-drawer.tsx";
import { RecordEditForm } from "./record-form.tsx";

interface Linked {
  customer_id: string | null;
  deal_id: string | null;
  lead_id: string | null;
  campaign_id?: string | null;
  related_label: string | null;
}

function Links({ record }: { record: Linked }) {
  const links: Array<{ to: string; label: string }> = [];
  if (record.deal_id) links.push({ to: `/crm/deals?selected=${record.deal_id}`, label: "The deal" });
  if (record.customer_id) links.push({ to: `/crm/customers?selected=${record.customer_id}`, label: "The customer" });
  if (record.lead_id) links.push({ to: `/leads?selected=${record.lead_id}`, label: "The lead" });
  if (record.campaign_id) links.push({ to: `/campaigns/${record.campaign_id}`, label: "The campaign" });
  if (!links.length)
    return (
      <Typography variant="body2" color="textSecondary">
        Not linked to a customer, deal or lead.
      </Typography>
    );
  return (
    <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
      {record.related_label && <Typography variant="body2">{record.related_label}</Typography>}
      {links.map((l) => (
        <Link key={l.to} component={RouterLink} to={l.to}>
          {l.label}
        </Link>
      ))}
    </Box>
  );
}

function DeleteButton({
  record,
  id,
  noun,
  label,
  onDone,
}: {
  record: CrmRecord;
  id: string;
  noun: string;
  label: string;
  onDone: () => void;
}) {
  const remove = useDeleteRecord(record);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{`Delete ${label}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>{`The ${noun} is removed from this workspace and cannot be restored.`}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { id },
                {
                  onSuccess: () => {
                    toast.success(`${noun[0]?.toUpperCase()}${noun.slice(1)} deleted`);
                    onDone();
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                  onSettled: () => setOpen(false),
                },
              )
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Body({ children }: { children: ReactNode }) {
  return <Box sx={{ flex: 1, overflow: "auto", p: 2.5, display: "grid", gap: 3, alignContent: "start" }}>{children}</Box>;
}

function TaskContent({ task, onClose }: { task: CrmTask; onClose: () => void }) {
  const update = useUpdateRecord<CrmTask, CrmTaskUpdate>("tasks", task.id);
  const toast = useToast();
  const overdue = isOverdue(task);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <DrawerHeader
        noun="task"
        title={task.title}
        subtitle={task.related_label ?? undefined}
        chips={
          <>
            <Chip size="small" label={TASK_STATUS_LABELS[task.status]} color={TASK_STATUS_COLORS[task.status]} />
            {overdue && <Chip size="small" color="error" label="Overdue" />}
            {task.reminded_at && <Chip size="small" variant="outlined" label={`Reminded ${formatDateTime(task.reminded_at)}`} />}
          </>
        }
        onClose={onClose}
      />
      <Body>
        <DrawerSection
          title="Details"
          action={<DeleteButton record="tasks" id={task.id} noun="task" label={task.title} onDone={onClose} />}
        >
          <RecordEditForm
            record={task}
            fields={TASK_FIELDS}
            schema={CrmTaskUpdate}
            onSave={async (body) => {
              await update.mutateAsync(body as CrmTaskUpdate);
              toast.success("Task saved");
            }}
          />
        </DrawerSection>
        <DrawerSection title="About">
          <Links record={task} />
        </DrawerSection>
        <Typography variant="caption" color="textSecondary">
          {`Added ${formatDateTime(task.created_at)}${task.completed_at ? ` · done ${formatDateTime(task.completed_at)}` : ""}`}
        </Typography>
      </Body>
    </Box>
  );
}

function InteractionContent({ interaction, onClose }: { interaction: CrmInteraction; onClose: () => void }) {
  const update = useUpdateRecord<CrmInteraction, CrmInteractionUpdate>("interactions", interaction.id);
  const toast = useToast();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <DrawerHeader
        noun="interaction"
        title={interaction.subject}
        subtitle={`${INTERACTION_TYPE_LABELS[interaction.type]} · ${formatDateTime(interaction.date)}`}
        chips={<Chip size="small" variant="outlined" label={INTERACTION_SOURCE_LABELS[interaction.source]} />}
        onClose={onClose}
      />
      <Body>
        <DrawerSection
          title="Details"
          action={
            <DeleteButton record="interactions" id={interaction.id} noun="interaction" label={interaction.subject} onDone={onClose} />
          }
        >
          <RecordEditForm
            record={interaction}
            fields={INTERACTION_FIELDS}
            schema={CrmInteractionUpdate}
            onSave={async (body) => {
              await update.mutateAsync(body as CrmInteractionUpdate);
              toast.success("Interaction saved");
            }}
          />
        </DrawerSection>
        <DrawerSection title="About">
          <Links record={interaction} />
        </DrawerSection>
      </Body>
    </Box>
  );
}

export function TaskDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const task = useRecord<CrmTask>("tasks", id);
  return (
    <RecordDrawer id={id} noun="task" query={task} onClose={onClose}>
      {(t) => <TaskContent key={t.id} task={t} onClose={onClose} />}
    </RecordDrawer>
  );
}

export function InteractionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const interaction = useRecord<CrmInteraction>("interactions", id);
  return (
    <RecordDrawer id={id} noun="interaction" query={interaction} onClose={onClose}>
      {(i) => <InteractionContent key={i.id} interaction={i} onClose={onClose} />}
    </RecordDrawer>
  );
}
