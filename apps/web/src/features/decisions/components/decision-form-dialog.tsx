/**
 * Asks the team a question: the question, context, 2–10 options (each with an optional
 * description), an optional "vote by" date and linked records. The rules are the contract's
 * (DecisionCreateInput), so the form refuses what the server would, field by field.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import { DECISION_MAX_OPTIONS, type Decision, DecisionCreateInput, DecisionOptionsInput } from "@prospector/contracts";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useCreateDecision } from "../api/use-decisions.ts";
import { LinkPicker, type PickedLink } from "./link-picker.tsx";

const Form = z.object({
  question: DecisionCreateInput.shape.question,
  context: z.string().max(5000, "The context is at most 5000 characters"),
  due: z.string(),
  options: DecisionOptionsInput,
});
type Form = z.infer<typeof Form>;

export function DecisionFormDialog({
  onClose,
  onCreated,
  initialLinks = [],
}: {
  onClose: () => void;
  onCreated: (d: Decision) => void;
  initialLinks?: PickedLink[];
}) {
  const create = useCreateDecision();
  const [links, setLinks] = useState<PickedLink[]>(initialLinks);
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Form>({
    resolver: zodResolver(Form),
    defaultValues: { question: "", context: "", due: "", options: [{ label: "" }, { label: "" }] },
  });
  const options = useFieldArray({ control, name: "options" });

  const submit = handleSubmit(async (f) => {
    setGeneral(null);
    try {
      const d = await create.mutateAsync({
        question: f.question,
        context: f.context.trim() || undefined,
        options: f.options.map((o) => ({ label: o.label, ...(o.description?.trim() ? { description: o.description.trim() } : {}) })),
        due_at: f.due ? new Date(f.due).toISOString() : null,
        links: links.map(({ kind, id }) => ({ kind, id })),
      });
      onCreated(d);
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
      title="Ask the team"
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Open for votes"
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
        <Stack spacing={1}>
          {options.fields.map((field, i) => (
            <Box key={field.id} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
              <TextField
                label={`Option ${i + 1}`}
                size="small"
                {...register(`options.${i}.label`)}
                error={!!errors.options?.[i]?.label}
                helperText={errors.options?.[i]?.label?.message}
                sx={{ flex: 1 }}
              />
              <TextField
                label="Description (optional)"
                size="small"
                {...register(`options.${i}.description`)}
                error={!!errors.options?.[i]?.description}
                helperText={errors.options?.[i]?.description?.message}
                sx={{ flex: 2 }}
              />
              <IconButton aria-label={`Remove option ${i + 1}`} onClick={() => options.remove(i)} disabled={options.fields.length <= 2}>
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
          disabled={options.fields.length >= DECISION_MAX_OPTIONS}
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
