/**
 * /campaigns/{id}/edit: the campaign wizard (details, sequence, preview, leads, inboxes, schedule,
 * review & launch). /campaigns/new/edit asks for the details and creates a draft first; every
 * later step saves what it changed before moving on, so leaving half-way loses nothing.
 * An open campaign takes its edit lock on the team socket: while someone else holds it (or the
 * server answers a save with 423 CAMPAIGN_LOCKED) a banner names them and nothing can be saved.
 */
import ArrowBack from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button, IconButton, Paper, Stack, Step, StepButton, Stepper, Typography } from "@mui/material";
import { CAMPAIGN_EDITABLE_STATES, type Campaign, campaignLockResource } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { type CollaborationLock, type EditLockState, useEditLock } from "../../team/api/use-presence.ts";
import { PresenceAvatars } from "../../team/components/presence-avatars.tsx";
import { CampaignCallError, useCampaign, useCreateCampaign, useUpdateCampaign } from "../api/use-campaigns.ts";
import { CampaignStatusChip } from "../components/campaign-status-chip.tsx";
import { DetailsStep } from "../components/wizard/details-step.tsx";
import { InboxesStep } from "../components/wizard/inboxes-step.tsx";
import { LeadsStep } from "../components/wizard/leads-step.tsx";
import { PreviewStep } from "../components/wizard/preview-step.tsx";
import { ReviewStep } from "../components/wizard/review-step.tsx";
import { ScheduleStep } from "../components/wizard/schedule-step.tsx";
import { SequenceStep } from "../components/wizard/sequence-step.tsx";
import { campaignActionErrorMessage } from "../lib/campaign-errors.ts";
import {
  type CampaignDraft,
  draftFromCampaign,
  type StepErrors,
  stepFromParam,
  updateFor,
  validateStep,
  WIZARD_LABELS,
  WIZARD_STEPS,
  type WizardStep,
} from "../lib/campaign-wizard.ts";

const NEW_DRAFT: CampaignDraft = {
  name: "",
  subject_line: "",
  steps: [{ delay_days: 0, subject: "", body: "", variants: [] }],
  inbox_ids: [],
  schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
  starts_at: null,
  track_opens: true,
  track_clicks: true,
  stop_on_reply: true,
};

/** Server field errors (422) keyed like the wizard's own (`steps.0.body`, `schedule.end`). */
function serverErrors(error: unknown): StepErrors {
  const out: StepErrors = {};
  if (error instanceof CampaignCallError) for (const e of error.fieldErrors) out[e.field] ??= e.message;
  return out;
}

/** Who holds the lock, from a save the server refused with 423 CAMPAIGN_LOCKED; else null. */
function lockFromError(error: unknown): CollaborationLock | null {
  const source = error instanceof CampaignCallError ? error.source : error;
  if (!(source instanceof ApiError) || source.code !== "CAMPAIGN_LOCKED") return null;
  const by = (source.body as { locked_by?: CollaborationLock } | undefined)?.locked_by;
  return by ?? { user_id: "", name: "Someone else", since: new Date().toISOString() };
}

/** The edit-lock banner: someone else's lock blocks saving; one's own other tab is only pointed out. */
function LockBanner({ lock }: { lock: EditLockState }) {
  if (lock.kind === "unavailable") {
    return (
      <Alert severity="info">{`This campaign could not be reserved for you (${lock.message}): someone else may edit it at the same time.`}</Alert>
    );
  }
  if (lock.kind !== "locked") return null;
  const since = formatDateTime(lock.by.since);
  if (lock.self) {
    return (
      <Alert severity="info">{`You are also editing this campaign in another tab or window (since ${since}); changes saved there and here overwrite each other.`}</Alert>
    );
  }
  return (
    <Alert severity="warning" role="alert" data-testid="campaign-lock-banner">
      {`${lock.by.name} is editing this campaign since ${since}; your changes cannot be saved until they finish.`}
    </Alert>
  );
}

export default function CampaignEditPage() {
  const { id = "" } = useParams();
  const isNew = id === "new";
  const campaign = useCampaign(isNew ? undefined : id);
  if (isNew) return <Wizard campaign={null} />;
  if (campaign.isPending) return <LoadingScreen />;
  if (campaign.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{campaignActionErrorMessage(campaign.error, "load campaign")}</Alert>
        <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBack />} sx={{ alignSelf: "start" }}>
          All campaigns
        </Button>
      </Stack>
    );
  }
  return <Wizard key={campaign.data.id} campaign={campaign.data} />;
}

function Wizard({ campaign }: { campaign: Campaign | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const step: WizardStep = campaign ? stepFromParam(params.get("step")) : "details";
  const [draft, setDraft] = useState<CampaignDraft>(() => (campaign ? draftFromCampaign(campaign) : NEW_DRAFT));
  const [errors, setErrors] = useState<StepErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateCampaign();
  const update = useUpdateCampaign(campaign?.id ?? "");
  const saved = useMemo(() => (campaign ? draftFromCampaign(campaign) : NEW_DRAFT), [campaign]);
  const editable = !campaign || CAMPAIGN_EDITABLE_STATES.includes(campaign.status);
  const edit = useEditLock(campaign ? campaignLockResource(campaign.id) : null, Boolean(campaign));
  const blocked = edit.state.kind === "locked" && !edit.state.self;
  const busy = create.isPending || update.isPending;

  const index = WIZARD_STEPS.indexOf(step);
  const goTo = (target: WizardStep) => {
    setErrors({});
    setParams({ step: target }, { replace: false });
  };

  /** Validates and saves the current step, then moves; stays put with the reasons otherwise. */
  const leaveTo = async (target: WizardStep | "done") => {
    setFailure(null);
    const moving = target !== "done" && WIZARD_STEPS.indexOf(target) < index;
    const stepErrors = validateStep(step, draft);
    if (!moving && Object.keys(stepErrors).length > 0) {
      setErrors(stepErrors);
      return;
    }
    try {
      if (!campaign) {
        const created = await create.mutateAsync({ name: draft.name.trim(), subject_line: draft.subject_line.trim(), schedule: undefined });
        toast.success("Draft saved");
        navigate(`/campaigns/${created.id}/edit?step=sequence`, { replace: true });
        return;
      }
      const body = updateFor(step, draft);
      const changed = body && JSON.stringify(body) !== JSON.stringify(updateFor(step, saved));
      const allowed = (editable || step === "details") && !blocked;
      if (changed && allowed && Object.keys(stepErrors).length === 0) {
        const next = await update.mutateAsync(step === "details" && !editable ? { name: draft.name.trim() } : body);
        // Keep what the server normalised (deduplicated inbox ids, sorted days) for this step's fields.
        setDraft((d) => ({ ...d, ...pick(step, draftFromCampaign(next)) }));
      }
      if (target === "done") navigate(`/campaigns/${campaign.id}`);
      else goTo(target);
    } catch (error) {
      const lockedBy = lockFromError(error);
      if (lockedBy) {
        edit.lockedBy(lockedBy);
        return;
      }
      setErrors(serverErrors(error));
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <IconButton component={RouterLink} to={campaign ? `/campaigns/${campaign.id}` : "/campaigns"} aria-label="Back">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          {campaign ? `Edit “${campaign.name}”` : "New campaign"}
        </Typography>
        {campaign && <PresenceAvatars resource={campaignLockResource(campaign.id)} />}
        {campaign && <CampaignStatusChip status={campaign.status} />}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, overflowX: "auto" }}>
        <Stepper nonLinear activeStep={index} aria-label="Campaign steps">
          {WIZARD_STEPS.map((s) => (
            <Step key={s} completed={false} disabled={!campaign && s !== "details"}>
              <StepButton onClick={() => s !== step && leaveTo(s)}>{WIZARD_LABELS[s]}</StepButton>
            </Step>
          ))}
        </Stepper>
      </Paper>
      {campaign && !editable && (
        <Alert severity="info">
          {`This campaign is ${campaign.status}: its name can change, but pause it to change its sequence, inboxes, schedule or tracking${campaign.status === "active" ? "" : " (a stopped or completed campaign can be duplicated instead)"}.`}
        </Alert>
      )}
      <LockBanner lock={edit.state} />
      {failure && <Alert severity="error">{failure}</Alert>}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} aria-label={WIZARD_LABELS[step]} role="region">
        {/* While someone else edits, the step is read-only: what is typed here could not be saved. */}
        <Box component="fieldset" disabled={blocked} sx={{ border: 0, p: 0, m: 0, minWidth: 0, opacity: blocked ? 0.6 : 1 }}>
          {step === "details" && <DetailsStep draft={draft} errors={errors} onChange={setDraft} />}
          {campaign && step === "sequence" && <SequenceStep draft={draft} errors={errors} campaignId={campaign.id} onChange={setDraft} />}
          {campaign && step === "preview" && <PreviewStep campaignId={campaign.id} draft={saved} />}
          {campaign && step === "leads" && (
            <LeadsStep campaignId={campaign.id} locked={campaign.status === "stopped" || campaign.status === "completed"} />
          )}
          {campaign && step === "inboxes" && <InboxesStep draft={draft} onChange={setDraft} />}
          {campaign && step === "schedule" && <ScheduleStep draft={draft} errors={errors} onChange={setDraft} />}
          {campaign && step === "review" && (
            <ReviewStep
              campaign={campaign}
              onLaunched={(c) => {
                toast.success(c.status === "scheduled" ? "Campaign scheduled" : "Campaign launched");
                navigate(`/campaigns/${c.id}`);
              }}
            />
          )}
        </Box>
      </Paper>

      <Box sx={{ display: "flex", gap: 1, justifyContent: "space-between" }}>
        <Button disabled={index === 0 || busy} onClick={() => leaveTo(WIZARD_STEPS[index - 1]!)}>
          Back
        </Button>
        <Stack direction="row" spacing={1}>
          {campaign && step !== "review" && (
            <Button disabled={busy || blocked} onClick={() => leaveTo("done")}>
              Save and close
            </Button>
          )}
          {step !== "review" && (
            <Button variant="contained" disabled={busy} onClick={() => leaveTo(WIZARD_STEPS[index + 1]!)}>
              {campaign ? "Next" : "Create draft"}
            </Button>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}

/** The draft fields a step owns, so saving one step does not overwrite edits made in another. */
function pick(step: WizardStep, d: CampaignDraft): Partial<CampaignDraft> {
  switch (step) {
    case "details":
      return { name: d.name };
    case "sequence":
      return { steps: d.steps, subject_line: d.subject_line };
    case "inboxes":
      return { inbox_ids: d.inbox_ids };
    case "schedule":
      return {
        schedule: d.schedule,
        starts_at: d.starts_at,
        track_opens: d.track_opens,
        track_clicks: d.track_clicks,
        stop_on_reply: d.stop_on_reply,
      };
    default:
      return {};
  }
}
