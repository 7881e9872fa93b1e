/** "New lead": the create form, checked with the same contract schema the server uses. */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { type Lead, LeadCreate } from "@prospector/contracts";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCreateLead } from "../api/use-leads.ts";
import { formValues, type LeadFormValues, placeServerErrors, TEXT_FIELDS } from "../lib/lead-form.ts";
import { leadName } from "../lib/lead-labels.ts";
import { LeadFormFields } from "./lead-form-fields.tsx";

type CreateOutput = z.output<typeof LeadCreate>;
const FORM_FIELDS: readonly string[] = [...TEXT_FIELDS, "status", "tags"];

export function NewLeadDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (lead: Lead) => void }) {
  const create = useCreateLead();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeadFormValues, unknown, CreateOutput>({
    defaultValues: formValues(null),
    resolver: zodResolver(LeadCreate) as unknown as Resolver<LeadFormValues, unknown, CreateOutput>,
  });

  const close = () => {
    reset(formValues(null));
    setFormError(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const lead = await create.mutateAsync(values as LeadCreate);
      toast.success(`${leadName(lead)} added`);
      reset(formValues(null));
      onCreated(lead);
    } catch (err) {
      setFormError(placeServerErrors(err, setError, FORM_FIELDS));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="md"
      slotProps={{ paper: { component: "form", noValidate: true, onSubmit } as object }}
    >
      <DialogTitle>New lead</DialogTitle>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <LeadFormFields control={control} register={register} errors={errors} painPointLabel="Notes (pain point)" />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? "Adding…" : "Add lead"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
