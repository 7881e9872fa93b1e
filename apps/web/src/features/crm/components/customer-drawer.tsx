/**
 * The customer drawer (/crm/customers?selected={id}): its details (edited in place), its deals,
 * tasks and interactions, the lead it came from with that lead's campaigns, and delete (which asks
 * what to do with the customer's deals when it has any).
 */
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { type CrmCustomer, type CustomerDealsPolicy, CustomerUpdate } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCampaignHistory } from "../api/use-customers.ts";
import { useDeleteRecord, useRecord, useUpdateRecord } from "../api/use-records.ts";
import { formatTotals } from "../lib/crm-labels.ts";
import { CUSTOMER_FIELDS } from "../lib/customer-fields.ts";
import { DealsChoiceDialog } from "./deals-choice-dialog.tsx";
import { DrawerHeader, DrawerSection, RecordDrawer } from "./record-drawer.tsx";
import { RecordEditForm } from "./record-form.tsx";
import { RelatedDeals, RelatedInteractions, RelatedTasks } from "./related-lists.tsx";

function CampaignHistory({ customer }: { customer: CrmCustomer }) {
  const history = useCampaignHistory(customer.id, Boolean(customer.lead_id));
  if (!customer.lead_id) {
    return (
      <Typography variant="body2" color="textSecondary">
        Not converted from a lead, so no campaign history.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Link component={RouterLink} to={`/leads?selected=${customer.lead_id}`}>
        Open the lead this customer came from
      </Link>
      {history.isPending && <Typography variant="body2">Loading...</Typography>}
      {history.isError && (
        <Typography variant="body2" color="error">
          {errorMessage(history.error)}
        </Typography>
      )}
      {history.data && history.data.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          The lead was in no campaign.
        </Typography>
      )}
      {history.data && history.data.length > 0 && (
        <Table size="small" aria-label="Campaign history">
          <TableHead>
            <TableRow>
              <TableCell>Campaign</TableCell>
              <TableCell>Step</TableCell>
              <TableCell align="right">Sent</TableCell>
              <TableCell align="right">Opened</TableCell>
              <TableCell align="right">Replied</TableCell>
              <TableCell>Meeting</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.map((h) => (
              <TableRow key={h.campaign_id}>
                <TableCell>
                  <Link component={RouterLink} to={`/campaigns/${h.campaign_id}`}>
                    {h.name}
                  </Link>
                  <Typography variant="caption" color="textSecondary" component="div">
                    {h.status}
                  </Typography>
                </TableCell>
                <TableCell>{h.step ?? "—"}</TableCell>
                <TableCell align="right">{h.sent}</TableCell>
                <TableCell align="right">{h.opened}</TableCell>
                <TableCell align="right">{h.replied}</TableCell>
                <TableCell>{h.meeting ? "Booked" : "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

function CustomerContent({ customer, onClose }: { customer: CrmCustomer; onClose: () => void }) {
  const update = useUpdateRecord<CrmCustomer, CustomerUpdate>("customers", customer.id);
  const remove = useDeleteRecord("customers");
  const toast = useToast();
  const [confirm, setConfirm] = useState<"plain" | "deals" | null>(null);

  const runDelete = (policy?: CustomerDealsPolicy) =>
    remove.mutate(
      { id: customer.id, params: policy ? { deals: policy } : undefined },
      {
        onSuccess: () => {
          setConfirm(null);
          toast.success(policy === "delete" ? `${customer.name} and its deals deleted` : `${customer.name} deleted`);
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === "CUSTOMER_HAS_DEALS") setConfirm("deals");
          else {
            setConfirm(null);
            toast.error(errorMessage(e));
          }
        },
      },
    );

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <DrawerHeader
        noun="customer"
        title={customer.name}
        subtitle={[customer.company, customer.email].filter(Boolean).join(" · ") || undefined}
        chips={
          <>
            <Chip size="small" color="primary" label={`${customer.open_deals} open ${customer.open_deals === 1 ? "deal" : "deals"}`} />
            {customer.open_deals > 0 && <Chip size="small" variant="outlined" label={`Open value ${formatTotals(customer.open_value)}`} />}
            {customer.tags.map((t) => (
              <Chip key={t} size="small" variant="outlined" label={t} />
            ))}
          </>
        }
        onClose={onClose}
      />
      <Box sx={{ flex: 1, overflow: "auto", p: 2.5, display: "grid", gap: 3, alignContent: "start" }}>
        <DrawerSection
          title="Details"
          action={
            <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => setConfirm("plain")}>
              Delete
            </Button>
          }
        >
          <RecordEditForm
            record={customer}
            fields={CUSTOMER_FIELDS}
            schema={CustomerUpdate}
            onSave={async (body) => {
              await update.mutateAsync(body as CustomerUpdate);
              toast.success("Customer saved");
            }}
          />
        </DrawerSection>
        <DrawerSection title="Deals">
          <RelatedDeals by="customer_id" id={customer.id} empty="No deals yet. Add one on the Deals page." />
        </DrawerSection>
        <DrawerSection title="Tasks">
          <RelatedTasks by="customer_id" id={customer.id} empty="No tasks for this customer." />
        </DrawerSection>
        <DrawerSection title="Interactions">
          <RelatedInteractions by="customer_id" id={customer.id} empty="No calls, emails, meetings or notes recorded yet." />
        </DrawerSection>
        <DrawerSection title="Lead and campaign history">
          <CampaignHistory customer={customer} />
        </DrawerSection>
        <Typography variant="caption" color="textSecondary">
          {`Added ${formatDateTime(customer.created_at)} · updated ${formatDateTime(customer.updated_at)}`}
        </Typography>
      </Box>

      <Dialog open={confirm === "plain"} onClose={() => setConfirm(null)}>
        <DialogTitle>{`Delete ${customer.name}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The customer is removed from this workspace; its tasks and interactions stay, without the link.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => runDelete()}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      <DealsChoiceDialog
        open={confirm === "deals"}
        what={customer.name}
        busy={remove.isPending}
        onChoose={runDelete}
        onCancel={() => setConfirm(null)}
      />
    </Box>
  );
}

export function CustomerDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const customer = useRecord<CrmCustomer>("customers", id);
  return (
    <RecordDrawer id={id} noun="customer" query={customer} onClose={onClose}>
      {(c) => <CustomerContent key={c.id} customer={c} onClose={onClose} />}
    </RecordDrawer>
  );
}
