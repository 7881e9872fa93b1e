/**
 * The three closing acts on a decision, each with its words: decide (the chosen option and why,
 * preselected with the leading option), cancel (an optional reason) and reopen (a reason, required).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { FormControlLabel, Radio, RadioGroup, TextField, Typography } from "@mui/material";
import { type Decision, DecisionDecideInput, DecisionReopenInput } from "@prospector/contracts";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useDecisionAction } from "../api/use-decisions.ts";

const DecideForm = DecisionDecideInput.extend({ option_id: z.string().min(1, "Choose the option the team goes with") });
type DecideForm = z.infer<typeof DecideForm>;

export function DecideDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const act = useDecisionAction(decision.id);
  const leading = [...decision.options].sort((a, b) => b.votes - a.votes)[0];
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DecideForm>({
    resolver: zodResolver(DecideForm),
    defaultValues: { option_id: leading?.votes ? leading.id : "", rationale: "" },
  });
  const submit = handleSubmit(async (f) => {
    await act.mutateAsync({ kind: "decide", ...f });
    onClose();
  });
  return (
    <FormDialog
      title="Record the outcome"
      onClose={onClose}
      onSubmit={submit}
      pending={act.isPending}
      submitLabel="Decide"
      pendingLabel="Saving…"
      error={act.error ? errorMessage(act.error) : null}
    >
      <Typography variant="body2" color="textSecondary">
        {decision.question} Once decided, the decision is read-only until someone reopens it with a reason.
      </Typography>
      <Controller
        control={control}
        name="option_id"
        render={({ field }) => (
          <RadioGroup {...field} aria-label="Chosen option">
            {decision.options.map((o) => (
              <FormControlLabel
                key={o.id}
                value={o.id}
                control={<Radio />}
                label={`${o.label} (${o.votes} vote${o.votes === 1 ? "" : "s"})`}
              />
            ))}
          </RadioGroup>
        )}
      />
      {errors.option_id && (
        <Typography color="error" variant="caption" role="alert">
          {errors.option_id.message}
        </Typography>
      )}
      <TextField
        label="Rationale"
        {...register("rationale")}
        multiline
        minRows={3}
        required
        error={!!errors.rationale}
        helperText={errors.rationale?.message ?? "Why this option: what the team will read later"}
      />
    </FormDialog>
  );
}

const ReopenForm = z.object({ reason: DecisionReopenInput.shape.reason });
const CancelForm = z.object({ reason: z.string().trim().max(2000, "The reason is at most 2000 characters") });
type ReasonForm = z.infer<typeof CancelForm>;

export function ReasonDialog({ decision, mode, onClose }: { decision: Decision; mode: "reopen" | "cancel"; onClose: () => void }) {
  const act = useDecisionAction(decision.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReasonForm>({ resolver: zodResolver(mode === "reopen" ? ReopenForm : CancelForm), defaultValues: { reason: "" } });
  const submit = handleSubmit(async (f) => {
    if (mode === "reopen") await act.mutateAsync({ kind: "reopen", reason: f.reason });
    else await act.mutateAsync({ kind: "cancel", ...(f.reason ? { reason: f.reason } : {}) });
    onClose();
  });
  return (
    <FormDialog
      title={mode === "reopen" ? "Reopen the decision" : "Cancel the decision"}
      onClose={onClose}
      onSubmit={submit}
      pending={act.isPending}
      submitLabel={mode === "reopen" ? "Reopen" : "Cancel decision"}
      pendingLabel="Saving…"
      error={act.error ? errorMessage(act.error) : null}
    >
      <Typography variant="body2" color="textSecondary">
        {mode === "reopen"
          ? "Voting opens again; the votes cast so far stay and may change. The previous outcome stays in the thread."
          : "Nobody can vote on a cancelled decision; it can be reopened later."}
      </Typography>
      <TextField
        label={mode === "reopen" ? "Why reopen it" : "Reason (optional)"}
        {...register("reason")}
        multiline
        minRows={2}
        required={mode === "reopen"}
        error={!!errors.reason}
        helperText={errors.reason?.message}
      />
    </FormDialog>
  );
}
