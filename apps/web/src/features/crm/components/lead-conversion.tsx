/**
 * On the lead drawer: "Convert to customer" (the lead becomes a customer and a deal in one step,
 * linked both ways), or, once converted, the link to that customer and its deals; and "Book
 * meeting", recorded once as an interaction and counted in the lead's campaign's Meetings.
 */
import EventAvailableOutlined from "@mui/icons-material/EventAvailableOutlined";
import HandshakeOutlined from "@mui/icons-material/HandshakeOutlined";
import { Alert, Box, Button, Link, Typography } from "@mui/material";
import { BookMeeting, type ConvertLead, ConvertLead as ConvertLeadSchema, type Lead } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { permits } from "../../../app/layout/nav-items.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useConvertLead, useCustomerOfLead } from "../api/use-customers.ts";
import { useBookMeeting, useStages } from "../api/use-deals.ts";
import { MEETING_FIELDS } from "../lib/activity-fields.ts";
import type { FieldSpec } from "../lib/record-field-spec.ts";
import { RecordCreateDialog } from "./record-form.tsx";

function leadLabel(lead: Lead): string {
  return [lead.first_name, lead.last_name].filter(Boolean).join(" ") || lead.email || "this lead";
}

function ConvertDialog({ lead, open, onClose }: { lead: Lead; open: boolean; onClose: () => void }) {
  const stages = useStages();
  const convert = useConvertLead();
  const toast = useToast();
  const navigate = useNavigate();
  const name = leadLabel(lead);
  const fields: FieldSpec[] = [
    { name: "name", label: "Deal name", kind: "text", wide: true, helper: "Blank: named after the lead's company" },
    { name: "value", label: "Value", kind: "number" },
    { name: "currency", label: "Currency", kind: "text", helper: "ISO code, e.g. USD" },
    { name: "stage_id", label: "Stage", kind: "select", options: (stages.data ?? []).map((s) => ({ value: s.id, label: s.name })) },
    { name: "expected_close_date", label: "Expected close", kind: "date" },
  ];
  // The deal's fields are nested in the body: the dialog's flat form is checked as `deal`.
  const schema = ConvertLeadSchema.shape.deal.unwrap();
  return (
    <RecordCreateDialog
      open={open}
      title={`Convert ${name} to a customer`}
      submitLabel="Convert"
      fields={fields}
      schema={schema}
      defaults={{ currency: "USD" }}
      onCreate={async (deal) => {
        const r = await convert.mutateAsync({ lead_id: lead.id, deal } as ConvertLead);
        toast.success(
          r.created
            ? `${r.customer.name} is a customer, with the deal ${r.deal.name}`
            : `Linked to the existing customer ${r.customer.name}, with the deal ${r.deal.name}`,
          { action: { label: "Open deal", onClick: () => navigate(`/crm/deals?selected=${r.deal.id}`) } },
        );
        onClose();
      }}
      onClose={onClose}
    />
  );
}

function BookMeetingButton({ lead }: { lead: Lead }) {
  const [open, setOpen] = useState(false);
  const book = useBookMeeting();
  const toast = useToast();
  return (
    <>
      <Button variant="outlined" startIcon={<EventAvailableOutlined />} onClick={() => setOpen(true)}>
        Book meeting
      </Button>
      <RecordCreateDialog
        open={open}
        title={`Book a meeting with ${leadLabel(lead)}`}
        submitLabel="Book meeting"
        fields={MEETING_FIELDS}
        schema={BookMeeting}
        extra={{ lead_id: lead.id }}
        onCreate={async (body) => {
          await book.mutateAsync(body as BookMeeting);
          toast.success("Meeting booked");
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function LeadConversion({ lead }: { lead: Lead }) {
  const { user } = useSession();
  const granted = user?.permissions ?? [];
  const canRead = permits(granted, "crm:read");
  const customer = useCustomerOfLead(lead.id, canRead);
  const [open, setOpen] = useState(false);
  if (!canRead) return null;
  const canBook = permits(granted, "crm:create");
  if (customer.data) {
    return (
      <Alert
        severity="success"
        icon={<HandshakeOutlined />}
        action={canBook ? <BookMeetingButton lead={lead} /> : undefined}
        sx={{ alignItems: "center" }}
      >
        {"Converted to the customer "}
        <Link component={RouterLink} to={`/crm/customers?selected=${customer.data.id}`}>
          {customer.data.name}
        </Link>
        {customer.data.open_deals > 0 && ` (${customer.data.open_deals} open ${customer.data.open_deals === 1 ? "deal" : "deals"})`}
      </Alert>
    );
  }
  if (customer.isPending || customer.isError || !permits(granted, "crm:create")) return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
      <Button variant="outlined" startIcon={<HandshakeOutlined />} onClick={() => setOpen(true)}>
        Convert to customer
      </Button>
      <BookMeetingButton lead={lead} />
      <Typography variant="body2" color="textSecondary">
        {lead.status === "replied" || lead.status === "interested"
          ? "This lead replied: make it a customer with a deal."
          : "Makes a customer and a deal from this lead."}
      </Typography>
      <ConvertDialog lead={lead} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
