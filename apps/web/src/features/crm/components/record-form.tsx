/**
 * The two CRM forms: a create dialog and the drawer's edit form. Both check the body with the
 * record's contract before sending and put the server's field errors on their fields; the edit
 * form sends only what changed.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  contractErrors,
  type FieldSpec,
  type FormValues,
  formValuesOf,
  placeErrors,
  placeServerErrors,
  toPayload,
} from "../lib/record-field-spec.ts";
import { RecordFields } from "./record-fields.tsx";

function useRecordForm(fields: FieldSpec[], initial: FormValues) {
  const form = useForm<FormValues>({ defaultValues: initial });
  const [formError, setFormError] = useState<string | null>(null);
  const names = fields.map((f) => f.name);
  /** Validates `body`, then runs `send`; false when it was refused (the errors are on the form). */
  const submit = async (body: Record<string, unknown>, schema: z.ZodType, send: (body: Record<string, unknown>) => Promise<unknown>) => {
    setFormError(null);
    const problems = contractErrors(schema, body);
    if (problems) {
      setFormError(placeErrors(problems, form.setError, names));
      return false;
    }
    try {
      await send(body);
      return true;
    } catch (err) {
      setFormError(placeServerErrors(err, form.setError, names));
      return false;
    }
  };
  return { form, formError, setFormError, submit };
}

export function RecordCreateDialog({
  open,
  title,
  submitLabel,
  fields,
  schema,
  defaults = {},
  extra,
  onCreate,
  onClose,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  defaults?: FormValues;
  /** Fields the form does not show but the body carries (the deal a task is added to). */
  extra?: Record<string, unknown>;
  onCreate: (body: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}) {
  const initial = formValuesOf(fields, null, defaults);
  const { form, formError, setFormError, submit } = useRecordForm(fields, initial);
  const close = () => {
    form.reset(initial);
    setFormError(null);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    const ok = await submit({ ...toPayload(fields, values, null), ...extra }, schema, onCreate);
    if (ok) form.reset(initial);
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: {
          component: "form",
          noValidate: true,
          // The dialog may sit inside another form (the lead drawer): its submit must not bubble
          // there through the React tree.
          onSubmit: (e: FormEvent) => {
            e.stopPropagation();
            void onSubmit(e);
          },
        } as object,
      }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <RecordFields control={form.control} fields={fields} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RecordEditForm({
  record,
  fields,
  schema,
  onSave,
}: {
  record: Record<string, unknown>;
  fields: FieldSpec[];
  schema: z.ZodType;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const initial = formValuesOf(fields, record);
  const { form, formError, submit } = useRecordForm(fields, initial);
  const { isDirty, dirtyFields, isSubmitting } = form.formState;
  const initialKey = JSON.stringify(initial);
  // A save or a teammate's change brings a new version: show it unless the user is mid-edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised values decide
  useEffect(() => {
    if (!isDirty) form.reset(JSON.parse(initialKey));
  }, [initialKey]);
  const onSubmit = form.handleSubmit(async (values) => {
    const changed = Object.keys(dirtyFields);
    const ok = await submit(toPayload(fields, values, changed), schema, onSave);
    if (ok) form.reset(values);
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 2 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <RecordFields control={form.control} fields={fields} />
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
        <Button onClick={() => form.reset(initial)} disabled={!isDirty || isSubmitting}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </Box>
    </Box>
  );
}
