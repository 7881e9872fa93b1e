/**
 * The lead drawer (/leads?selected={id}): the lead's status, email check, source and score with
 * its breakdown, an edit form that saves only what changed, enrich, delete, and "Convert to customer"
 * (or the link to the customer it became).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import AutoFixHigh from "@mui/icons-material/AutoFixHigh";
import Close from "@mui/icons-material/Close";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Drawer,
  IconButton,
  Stack,
  Typography,
} from "@mui/material";
import { type EmailStatus, type EnrichmentJob, type Lead, type LeadStatus, LeadUpdate } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { LeadConversion } from "../../crm/components/lead-conversion.tsx";
import { useEnrichLead } from "../api/use-enrichment.ts";
import { useDeleteLead, useLead, useUpdateLead } from "../api/use-leads.ts";
import { formValues, type LeadFormValues, placeServerErrors, TEXT_FIELDS } from "../lib/lead-form.ts";
import { EMAIL_STATUS_COLORS, EMAIL_STATUS_LABELS, leadName, STATUS_COLORS, STATUS_LABELS, sourceLabel } from "../lib/lead-labels.ts";
import { LeadFormFields } from "./lead-form-fields.tsx";
import { LeadScore } from "./lead-score.tsx";

type UpdateOutput = z.output<typeof LeadUpdate>;
const FORM_FIELDS: readonly string[] = [...TEXT_FIELDS, "status", "tags"];

function LeadEditor({ lead, onClose, onEnriching }: { lead: Lead; onClose: () => void; onEnriching: (job: EnrichmentJob) => void }) {
  const update = useUpdateLead(lead.id);
  const remove = useDeleteLead();
  const enrich = useEnrichLead();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<LeadFormValues, unknown, UpdateOutput>({
    defaultValues: formValues(lead),
    resolver: zodResolver(LeadUpdate) as unknown as Resolver<LeadFormValues, unknown, UpdateOutput>,
  });

  // A save, an enrichment or a teammate's change brings a new version: show it unless the user is mid-edit.
  useEffect(() => {
    if (!isDirty) reset(formValues(lead));
  }, [lead, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // Only what the user changed: an enrichment running meanwhile keeps the fields it filled.
    const changed = Object.fromEntries(Object.keys(dirtyFields).map((k) => [k, values[k as keyof UpdateOutput]]));
    try {
      const saved = await update.mutateAsync(changed as LeadUpdate);
      reset(formValues(saved));
      toast.success("Lead saved");
    } catch (err) {
      setFormError(placeServerErrors(err, setError, FORM_FIELDS));
    }
  });

  const startEnrich = () =>
    enrich.mutate(lead.id, {
      onSuccess: (job) => onEnriching(job),
      onError: (e) => toast.error(errorMessage(e)),
    });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Box sx={{ p: 2.5, display: "flex", alignItems: "flex-start", gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap>
            {leadName(lead)}
          </Typography>
          <Typography variant="body2" color="textSecondary" noWrap>
            {[lead.role, lead.company_name].filter(Boolean).join(" at ") || lead.email || " "}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: "wrap" }} useFlexGap>
            <Chip size="small" label={STATUS_LABELS[lead.status as LeadStatus]} color={STATUS_COLORS[lead.status as LeadStatus]} />
            <Chip
              size="small"
              variant="outlined"
              label={`Email: ${EMAIL_STATUS_LABELS[lead.email_status as EmailStatus]}`}
              color={EMAIL_STATUS_COLORS[lead.email_status as EmailStatus]}
            />
            <Chip size="small" variant="outlined" label={sourceLabel(lead.source)} />
          </Stack>
        </Box>
        <IconButton aria-label="Close lead" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflow: "auto", p: 2.5, display: "grid", gap: 3, alignContent: "start" }}>
        <LeadConversion lead={lead} />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr auto" }, gap: 2, alignItems: "start" }}>
          <Box>
            <Typography variant="overline" color="textSecondary">
              Lead score
            </Typography>
            <LeadScore lead={lead} />
          </Box>
          <Stack spacing={1}>
            <Button variant="outlined" startIcon={<AutoFixHigh />} onClick={startEnrich} disabled={enrich.isPending}>
              {enrich.isPending ? "Starting…" : "Enrich"}
            </Button>
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </Stack>
        </Box>
        {formError && <Alert severity="error">{formError}</Alert>}
        <LeadFormFields control={control} register={register} errors={errors} provenance={lead.provenance} />
        <Typography variant="caption" color="textSecondary">
          {`Added ${formatDateTime(lead.created_at)} · updated ${formatDateTime(lead.updated_at)}`}
          {lead.last_activity_at ? ` · last activity ${formatDateTime(lead.last_activity_at)}` : ""}
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: "flex", justifyContent: "flex-end", gap: 1 }}>
        <Button onClick={() => reset(formValues(lead))} disabled={!isDirty || update.isPending}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </Box>

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{`Delete ${leadName(lead)}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>The lead is removed from this workspace and cannot be restored.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() =>
              remove.mutate(lead.id, {
                onSuccess: () => {
                  toast.success("Lead deleted");
                  onClose();
                },
                onError: (e) => toast.error(errorMessage(e)),
                onSettled: () => setConfirmDelete(false),
              })
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export function LeadDrawer({
  id,
  onClose,
  onEnriching,
}: {
  id: string | null;
  onClose: () => void;
  onEnriching: (job: EnrichmentJob) => void;
}) {
  const lead = useLead(id);
  const notFound = lead.error instanceof ApiError && lead.error.status === 404;
  return (
    <Drawer anchor="right" open={id !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: "100%", sm: 560 } } } }}>
      {lead.isPending && id && <LoadingScreen />}
      {lead.isError && (
        <Box sx={{ p: 3, display: "grid", gap: 2 }}>
          <Alert severity={notFound ? "warning" : "error"}>
            {notFound ? "This lead does not exist any more, or it belongs to another workspace." : errorMessage(lead.error)}
          </Alert>
          <Box sx={{ display: "flex", gap: 1 }}>
            {!notFound && <Button onClick={() => lead.refetch()}>Try again</Button>}
            <Button onClick={onClose}>Close</Button>
          </Box>
        </Box>
      )}
      {lead.data && <LeadEditor key={lead.data.id} lead={lead.data} onClose={onClose} onEnriching={onEnriching} />}
    </Drawer>
  );
}
