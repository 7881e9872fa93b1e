/** Deploy a version: a reason, and force when its AUC is below the floor (the server refuses otherwise). */
import { Alert, Checkbox, FormControlLabel, TextField } from "@mui/material";
import type { AiModelVersion } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useDeploy } from "../api/use-ai-models.ts";
import { fmtAuc, TASK_LABEL } from "./model-format.ts";

export function DeployDialog({ version, floor, onClose }: { version: AiModelVersion; floor: number; onClose: () => void }) {
  const below = version.cv_auc === null || version.cv_auc < floor;
  const [reason, setReason] = useState("");
  const [force, setForce] = useState(false);
  const deploy = useDeploy();
  const toast = useToast();
  const reasonMissing = force && !reason.trim();
  return (
    <FormDialog
      title={`Deploy ${TASK_LABEL[version.task]} v${version.version}`}
      submitLabel="Deploy"
      pendingLabel="Deploying…"
      pending={deploy.isPending}
      error={deploy.error ? errorMessage(deploy.error) : undefined}
      onClose={onClose}
      onSubmit={() => {
        if (reasonMissing || (below && !force)) return;
        deploy.mutate(
          { task: version.task, version: version.version, force, reason: reason.trim() },
          {
            onSuccess: (r) => {
              toast.success(`v${r.live.version} is live${r.rescore_queued ? "; every lead is being rescored with it" : ""}`);
              onClose();
            },
          },
        );
      }}
    >
      {below && (
        <Alert severity="warning">
          Its AUC is {fmtAuc(version.cv_auc)}, below the floor of {floor}: it ranks outcomes little better than chance. Deploy it only with
          force and a reason.
        </Alert>
      )}
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        multiline
        minRows={2}
        error={reasonMissing}
        helperText={reasonMissing ? "A forced deploy needs a reason" : "Recorded in the deployment history"}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {below && (
        <FormControlLabel
          control={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} />}
          label="Deploy anyway (force)"
        />
      )}
    </FormDialog>
  );
}
