/**
 * The campaign page's actions: edit, launch, pause, resume, stop, duplicate and delete, each
 * offered only in the states CAMPAIGN_ACTION_STATES allows; failures show the §8 texts.
 */
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import Pause from "@mui/icons-material/Pause";
import PlayArrow from "@mui/icons-material/PlayArrow";
import RocketLaunchOutlined from "@mui/icons-material/RocketLaunchOutlined";
import StopCircleOutlined from "@mui/icons-material/StopCircleOutlined";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from "@mui/material";
import { CAMPAIGN_ACTION_STATES, type Campaign, type CampaignAction } from "@prospector/contracts";
import { type ReactElement, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCampaignAction } from "../api/use-campaigns.ts";
import { ACTION_DONE, ACTION_LABELS } from "../lib/campaign-labels.ts";
import { DuplicateDialog } from "./duplicate-dialog.tsx";

const ICONS: Record<CampaignAction, ReactElement> = {
  launch: <RocketLaunchOutlined />,
  pause: <Pause />,
  resume: <PlayArrow />,
  stop: <StopCircleOutlined />,
  delete: <DeleteOutline />,
};

const CONFIRM: Partial<Record<CampaignAction, string>> = {
  stop: "A stopped campaign sends nothing more and cannot be resumed; you can duplicate it later.",
  delete: "The campaign, its queue and its figures are deleted. This cannot be undone.",
};

export function CampaignActions({ campaign, can }: { campaign: Campaign; can: (p: string) => boolean }) {
  const toast = useToast();
  const navigate = useNavigate();
  const action = useCampaignAction(campaign.id);
  const [confirm, setConfirm] = useState<CampaignAction | null>(null);
  const [duplicating, setDuplicating] = useState(false);

  const run = (a: CampaignAction) => {
    setConfirm(null);
    action.mutate(a, {
      onSuccess: () => {
        toast.success(`${ACTION_DONE[a]}: ${campaign.name}`);
        if (a === "delete") navigate("/campaigns", { replace: true });
      },
      onError: (e) => toast.error(e.message),
    });
  };
  // Every action the state allows is shown; the server still decides (and says why not).
  const shown = (["launch", "resume", "pause", "stop", "delete"] as const).filter(
    (a) => CAMPAIGN_ACTION_STATES[a].includes(campaign.status) && can(a === "delete" ? "campaigns:delete" : "campaigns:update"),
  );

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      {can("campaigns:update") && (
        <Button startIcon={<EditOutlined />} component={RouterLink} to={`/campaigns/${campaign.id}/edit`}>
          Edit
        </Button>
      )}
      {can("campaigns:create") && (
        <Button startIcon={<ContentCopy />} onClick={() => setDuplicating(true)}>
          Duplicate
        </Button>
      )}
      {shown.map((a) => (
        <Button
          key={a}
          startIcon={ICONS[a]}
          variant={a === "launch" || a === "resume" ? "contained" : "outlined"}
          color={a === "delete" || a === "stop" ? "error" : "primary"}
          disabled={action.isPending}
          onClick={() => (CONFIRM[a] ? setConfirm(a) : a === "launch" ? navigate(`/campaigns/${campaign.id}/edit?step=review`) : run(a))}
        >
          {ACTION_LABELS[a]}
        </Button>
      ))}
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>{confirm ? `${ACTION_LABELS[confirm]} “${campaign.name}”?` : ""}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm ? CONFIRM[confirm] : ""}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => confirm && run(confirm)}>
            {confirm ? ACTION_LABELS[confirm] : ""}
          </Button>
        </DialogActions>
      </Dialog>
      <DuplicateDialog
        open={duplicating}
        campaignId={campaign.id}
        name={campaign.name}
        onClose={() => setDuplicating(false)}
        onDuplicated={(id) => {
          setDuplicating(false);
          toast.success("Copy created as a draft");
          navigate(`/campaigns/${id}`);
        }}
      />
    </Stack>
  );
}
