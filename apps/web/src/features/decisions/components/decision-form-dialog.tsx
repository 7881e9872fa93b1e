/**
 * Asks the team a question, or edits an open one: the question, context, 2–10 options (each with
 * an optional description; fixed once someone voted), an optional "vote by" date and linked
 * records. The rules are the contract's, so the form refuses what the server would, field by field.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import { DECISION_MAX_OPTIONS, type Decision, DecisionCreateInput, DecisionOptionsInput } from "@prospector/contracts";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useCreateDecision, useUpdateDecision } from "../api/use-decisions.ts";
import { LinkPicker, type PickedLink } from "./link-picker.tsx";

const Form = z.object({
  question: DecisionCreateInput.shape.question,
  context: z.string().max(5000, "The context is at most 5000 characters"),
  due: z.string(),
  options: DecisionOptionsInput,
});
type Form = z.infer<typeof Form>;

/** A stored date as the datetime-local input shows it (local time, minutes). */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function DecisionFormDialog({
  onClose,
  onSaved,
  decision,
}: {
  onClose: () => void;
  onSaved: (d: Decision) => void;
  /** Edit this open decision instead of creating one. */
  decision?: Decision;
}) {
  const create = useCreateDecision();
  const update = useUpdateDecision(decision?.id ?? "");
  const save = decision ? update : create;
  const locked = decision?.options_locked ?? false;
  const [links, setLinks] = useState<PickedLink[]>(
    (decision?.links ?? []).filter((l) => !l.deleted).map((l) => ({ kind: l.kind, id: l.id, name: l.name ?? "" })),
  );
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Form>({
    resolver: zodResolver(Form),
    defaultValues: decision
      ? {
          question: decision.question,
          context: decision.context,
          due: localInput(decision.due_at),
          options: decision.options.map((o) => ({ label: o.label, description: o.description ?? "" })),
        }
      : { question: "", context: "", due: "", options: [{ label: "" }, { label: "" }] },
  });
  const options = useFieldArray({ control, name: "options" });

  const submit = handleSubmit(async (f) => {
    setGeneral(null);
    try {
      const options = f.options.map((o) => ({ label: o.label, ...(o.description?.trim() ? { description: o.description.trim() } : {}) }));
      const common = {
        question: f.question,
        due_at: f.due ? new Date(f.due).toISOString() : null,
        links: links.map(({ kind, id }) => ({ kind, id })),
      };
      const d = decision
        ? await update.mutateAsync({ ...common, context: f.context.trim(), ...(locked ? {} : { options }) })
        : await create.mutateAsync({ ...common, context: f.context.trim() || undefined, options });
      onSaved(d);
    } catch (err) {
      // Field errors go next to their field; anything else (a link that is gone, no right) above the buttons.
      const rest: string[] = [];
      for (const e of err instanceof ApiError ? (err.errors ?? []) : []) {
        if (e.field === "question" || e.field === "context" || e.field.startsWith("options"))
          setError(e.field as "question", { type: "server", message: e.message });
        else rest.push(e.field.startsWith("links.") ? `A linked record: ${e.message}` : e.message);
      }
      if (rest.length || !(err instanceof ApiError) || !err.errors?.length) setGeneral(rest.join("; ") || errorMessage(err));
    }
  });

  const optionsError = errors.options?.message ?? errors.options?.root?.message;
  return (
    <FormDialog
      title={decision ? "Edit the decision" : "Ask the team"}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={decision ? "Save" : "Open for votes"}
      pendingLabel="Saving…"
      error={general}
      maxWidth="md"
    >
      <TextField
        label="Question"
        {...register("question")}
        error={!!errors.question}
        helperText={errors.question?.message}
        autoFocus
        required
      />
      <TextField
        label="Context"
        {...register("context")}
        multiline
        minRows={2}
        error={!!errors.context}
        helperText={errors.context?.message ?? "What the team should know before voting (plain text)"}
      />
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          Options
        </Typography>
        {locked && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            Someone has voted, so the options are fixed.
          </Typography>
        )}
        <Stack spacing={1}>
          {options.fields.map((field, i) => (
            <Box key={field.id} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
              <TextField
                label={`Option ${i + 1}`}
                size="small"
                {...register(`options.${i}.label`)}
                disabled={locked}
                error={!!errors.options?.[i]?.label}
                helperText={errors.options?.[i]?.label?.message}
                sx={{ flex: 1 }}
              />
              <TextField
                label="Description (optional)"
                size="small"
                {...register(`options.${i}.description`)}
                disabled={locked}
                error={!!errors.options?.[i]?.description}
                helperText={errors.options?.[i]?.description?.message}
                sx={{ flex: 2 }}
              />
              <IconButton
                aria-label={`Remove option ${i + 1}`}
                onClick={() => options.remove(i)}
                disabled={locked || options.fields.length <= 2}
              >
                ×
              </IconButton>
            </Box>
          ))}
        </Stack>
        {optionsError && (
          <Typography color="error" variant="caption" role="alert">
            {optionsError}
          </Typography>
        )}
        <Button
          size="small"
          onClick={() => options.append({ label: "" })}
          disabled={locked || options.fields.length >= DECISION_MAX_OPTIONS}
          sx={{ mt: 1 }}
        >
          Add an option
        </Button>
      </Box>
      <TextField
        label="Vote by (optional)"
        type="datetime-local"
        {...register("due")}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="A reminder for the team; voting stays open until someone decides"
      />
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          Linked records (optional)
        </Typography>
        <LinkPicker value={links} onChange={setLinks} />
      </Box>
    </FormDialog>
  );
}
