/** Create or edit a rule: name, trigger, conditions, actions. A refused save (a loop, a foreign campaign) keeps everything typed. */

import { FormControlLabel, Switch, TextField } from "@mui/material";
import type { AutomationRule } from "@prospector/contracts";
import { useState } from "react";
import { useWorkspace } from "../../../app/permissions/index.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useMembers } from "../../team/api/use-members.ts";
import { useSaveRule } from "../api/use-automation.ts";
import { actionDraft, actionInput, emptyAction, emptyTrigger, fieldError, triggerDraft, triggerInput } from "../lib/drafts.ts";
import { ActionsEditor, ConditionsEditor, type Option, TriggerEditor } from "./rule-parts.tsx";

export function RuleDialog({
  rule,
  campaigns,
  sequences,
  onClose,
}: {
  rule: AutomationRule | null;
  campaigns: Option[];
  sequences: Option[];
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveRule(rule?.id ?? null);
  const { current } = useWorkspace();
  const memberList = useMembers(current?.id);
  const members = (memberList.data ?? [])
    .filter((m) => m.status === "active")
    .map((m) => ({ id: m.user.id, name: m.user.full_name || m.user.email }));
  const [name, setName] = useState(rule?.name ?? "");
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [trigger, setTrigger] = useState(rule ? triggerDraft(rule.trigger) : emptyTrigger());
  const [conditions, setConditions] = useState(rule?.conditions.map((c) => ({ ...c })) ?? []);
  const [actions, setActions] = useState(rule ? rule.actions.map(actionDraft) : [emptyAction()]);
  const error = save.error instanceof ApiError ? save.error : null;
  const errors = error?.errors;
  const general = save.error ? (error?.code === "AUTOMATION_RULE_LOOPS" ? error.detail : errorMessage(save.error)) : undefined;

  return (
    <FormDialog
      title={rule ? `Edit rule "${rule.name}"` : "New automation rule"}
      onClose={onClose}
      pending={save.isPending}
      submitLabel={rule ? "Save rule" : "Create rule"}
      pendingLabel="Saving…"
      maxWidth="md"
      error={general}
      onSubmit={() =>
        save.mutate(
          { name, enabled, trigger: triggerInput(trigger), conditions, actions: actions.map(actionInput) },
          {
            onSuccess: (saved) => {
              toast.success(rule ? `Rule "${saved.name}" saved` : `Rule "${saved.name}" created`);
              onClose();
            },
          },
        )
      }
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(fieldError(errors, "name"))}
        helperText={fieldError(errors, "name")}
        autoFocus
        size="small"
      />
      <TriggerEditor value={trigger} onChange={setTrigger} campaigns={campaigns} errors={errors} />
      <ConditionsEditor value={conditions} onChange={setConditions} campaigns={campaigns} errors={errors} />
      <ActionsEditor value={actions} onChange={setActions} campaigns={campaigns} sequences={sequences} members={members} errors={errors} />
      <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label="Enabled" />
    </FormDialog>
  );
}
