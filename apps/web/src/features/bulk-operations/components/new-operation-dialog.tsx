/**
 * "New operation": what to change (leads by filter or by pasted ids, or campaigns picked by name),
 * the action and its parameters, the count it will touch, and whether it can be undone — all before
 * the user confirms.
 */

import {
  Alert,
  Autocomplete,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  BULK_MAX_TARGETS,
  BULK_UNDO_WINDOW_MS,
  type BulkTargetType,
  type Campaign,
  type CampaignBulkAction,
  type LeadBulkAction,
  type LeadBulkRequest,
  type LeadFilters,
  LeadStatus,
  type LeadTarget,
} from "@prospector/contracts";
import { useEffect, useMemo, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { STATUS_LABELS as LEAD_STATUS_LABELS } from "../../leads/lib/lead-labels.ts";
import { type StartRequest, useBulkPreview, useCampaignOptions, useStartBulk } from "../api/use-bulk-operations.ts";
import { CAMPAIGN_ACTION_LABELS, LEAD_ACTION_LABELS, notUndoable, plural } from "../lib/bulk-labels.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const splitList = (s: string) =>
  s
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Typing settles before the count is asked for. */
function useDebounced<T>(value: T, ms = 400): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function NewOperationDialog({
  onClose,
  onStarted,
  leadIds,
}: {
  onClose: () => void;
  onStarted: (description: string) => void;
  /** Leads chosen elsewhere (the leads grid's selection): the dialog starts with them. */
  leadIds?: string[];
}) {
  const [type, setType] = useState<BulkTargetType>("leads");
  const [mode, setMode] = useState<"filter" | "ids">(leadIds?.length ? "ids" : "filter");
  const [search, setSearch] = useState("");
  const [statuses, setStatuses] = useState<LeadStatus[]>([]);
  const [tagFilter, setTagFilter] = useState("");
  const [filterCampaign, setFilterCampaign] = useState<Campaign | null>(null);
  const [idsText, setIdsText] = useState(leadIds?.join("\n") ?? "");
  const [leadAction, setLeadAction] = useState<LeadBulkAction>("add_tags");
  const [campaignAction, setCampaignAction] = useState<CampaignBulkAction>("pause");
  const [tagsText, setTagsText] = useState("");
  const [status, setStatus] = useState<LeadStatus>("contacted");
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [picked, setPicked] = useState<Campaign[]>([]);
  const [campaignSearch, setCampaignSearch] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartBulk();
  const campaigns = useCampaignOptions(useDebounced(campaignSearch, 300));

  const ids = useMemo(() => splitList(idsText), [idsText]);
  const badIds = ids.filter((id) => !UUID.test(id));
  const filter: LeadFilters = useMemo(
    () => ({
      search: search.trim() || undefined,
      status: statuses.length ? statuses : undefined,
      tag: splitList(tagFilter).length ? splitList(tagFilter) : undefined,
      campaign_id: filterCampaign?.id,
    }),
    [search, statuses, tagFilter, filterCampaign],
  );
  const target: LeadTarget | null =
    type !== "leads" ? null : mode === "filter" ? { filter } : ids.length && !badIds.length ? { ids } : null;
  const preview = useBulkPreview(useDebounced(target));
  const count = preview.data?.count;
  const action = type === "leads" ? leadAction : campaignAction;
  const cannotUndo = notUndoable(type, action);
  const tags = splitList(tagsText);

  const submit = () => {
    setProblem(null);
    let req: StartRequest;
    if (type === "campaigns") {
      if (!picked.length) return setProblem("Pick at least one campaign");
      req = { kind: "campaigns", body: { action: campaignAction, target: { ids: picked.map((c) => c.id) } } };
    } else {
      if (!target) return setProblem(badIds.length ? `Not lead ids: ${badIds.slice(0, 3).join(", ")}` : "Paste at least one lead id");
      if (preview.data?.over_cap)
        return setProblem(
          `This selection matches ${plural(count ?? 0, "lead")}; one operation may change at most ${BULK_MAX_TARGETS.toLocaleString("en")}`,
        );
      if ((leadAction === "add_tags" || leadAction === "remove_tags") && !tags.length) return setProblem("Give at least one tag");
      if ((leadAction === "add_to_campaign" || leadAction === "remove_from_campaign") && !campaign)
        return setProblem("Choose the campaign");
      const params =
        leadAction === "add_tags" || leadAction === "remove_tags"
          ? { tags }
          : leadAction === "set_status"
            ? { status }
            : leadAction === "add_to_campaign" || leadAction === "remove_from_campaign"
              ? { campaign_id: campaign?.id }
              : {};
      const body = { action: leadAction, target, ...params } as LeadBulkRequest;
      req = { kind: "leads", body };
    }
    start.mutate(req, {
      onSuccess: (op) => onStarted(op.target_description),
      onError: (err) => setProblem(errorMessage(err)),
    });
  };

  const campaignPicker = (label: string, value: Campaign | null, onChange: (c: Campaign | null) => void) => (
    <Autocomplete
      options={campaigns.data?.campaigns ?? []}
      value={value}
      onChange={(_, c) => onChange(c)}
      onInputChange={(_, v) => setCampaignSearch(v)}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={campaigns.isFetching}
      noOptionsText="No campaign: create one on the Campaigns page first"
      renderInput={(p) => <TextField {...p} label={label} />}
    />
  );

  const total = type === "campaigns" ? picked.length : count;
  const submitLabel = total === undefined ? "Run" : `Run on ${plural(total, type === "leads" ? "lead" : "campaign")}`;

  return (
    <FormDialog
      title="New bulk operation"
      onClose={onClose}
      onSubmit={submit}
      pending={start.isPending}
      pendingLabel="Starting…"
      submitLabel={submitLabel}
      error={problem}
      maxWidth="md"
    >
      <FormControl>
        <FormLabel id="bulk-target-type">Change</FormLabel>
        <RadioGroup row aria-labelledby="bulk-target-type" value={type} onChange={(e) => setType(e.target.value as BulkTargetType)}>
          <FormControlLabel value="leads" control={<Radio />} label="Leads" />
          <FormControlLabel value="campaigns" control={<Radio />} label="Campaigns" />
        </RadioGroup>
      </FormControl>

      {type === "leads" ? (
        <>
          <FormControl>
            <FormLabel id="bulk-lead-mode">Which leads</FormLabel>
            <RadioGroup row aria-labelledby="bulk-lead-mode" value={mode} onChange={(e) => setMode(e.target.value as "filter" | "ids")}>
              <FormControlLabel value="filter" control={<Radio />} label="Every lead matching a filter" />
              <FormControlLabel value="ids" control={<Radio />} label="Lead ids I paste" />
            </RadioGroup>
          </FormControl>
          {mode === "filter" ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField label="Search (name, email, company)" value={search} onChange={(e) => setSearch(e.target.value)} fullWidth />
              <TextField
                select
                label="Status"
                value={statuses}
                onChange={(e) => setStatuses(e.target.value as unknown as LeadStatus[])}
                slotProps={{
                  select: { multiple: true, renderValue: (v) => (v as LeadStatus[]).map((s) => LEAD_STATUS_LABELS[s]).join(", ") },
                }}
                sx={{ minWidth: 180 }}
              >
                {LeadStatus.options.map((s) => (
                  <MenuItem key={s} value={s}>
                    {LEAD_STATUS_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Any of these tags"
                value={tagFilter}
                onChange={(e) => setTagFilter(e.target.value)}
                helperText="Comma-separated"
                sx={{ minWidth: 180 }}
              />
            </Stack>
          ) : (
            <TextField
              label="Lead ids"
              value={idsText}
              onChange={(e) => setIdsText(e.target.value)}
              multiline
              minRows={3}
              error={badIds.length > 0}
              helperText={
                badIds.length
                  ? `Not lead ids: ${badIds.slice(0, 3).join(", ")}`
                  : "One per line or comma-separated (copy them from the leads grid or an export)"
              }
            />
          )}
          {mode === "filter" && campaignPicker("Only leads of this campaign (optional)", filterCampaign, setFilterCampaign)}
          <Typography role="status" aria-live="polite" color={preview.data?.over_cap ? "error" : "textPrimary"}>
            {preview.isFetching && count === undefined ? (
              <CircularProgress size={16} />
            ) : preview.isError ? (
              `Cannot count this selection: ${errorMessage(preview.error)}`
            ) : count !== undefined ? (
              preview.data?.over_cap ? (
                `${plural(count, "lead")} match: more than the ${BULK_MAX_TARGETS.toLocaleString("en")} one operation may change. Narrow the filter.`
              ) : (
                `${plural(count, "lead")} ${count === 1 ? "matches" : "match"} now`
              )
            ) : null}
          </Typography>

          <TextField select label="Action" value={leadAction} onChange={(e) => setLeadAction(e.target.value as LeadBulkAction)}>
            {Object.entries(LEAD_ACTION_LABELS).map(([k, v]) => (
              <MenuItem key={k} value={k}>
                {v}
              </MenuItem>
            ))}
          </TextField>
          {(leadAction === "add_tags" || leadAction === "remove_tags") && (
            <TextField
              label="Tags"
              value={tagsText}
              onChange={(e) => setTagsText(e.target.value)}
              helperText="Comma-separated, at most 50 characters each"
            />
          )}
          {leadAction === "set_status" && (
            <TextField select label="New status" value={status} onChange={(e) => setStatus(e.target.value as LeadStatus)}>
              {LeadStatus.options.map((s) => (
                <MenuItem key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          )}
          {(leadAction === "add_to_campaign" || leadAction === "remove_from_campaign") && campaignPicker("Campaign", campaign, setCampaign)}
        </>
      ) : (
        <>
          <Autocomplete
            multiple
            options={campaigns.data?.campaigns ?? []}
            value={picked}
            onChange={(_, v) => setPicked(v)}
            onInputChange={(_, v, reason) => reason === "input" && setCampaignSearch(v)}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={campaigns.isFetching}
            disableCloseOnSelect
            noOptionsText="No campaign: create one on the Campaigns page first"
            renderOption={(props, c) => (
              <li {...props} key={c.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <span>{c.name}</span>
                  <Chip size="small" label={c.status} />
                </Stack>
              </li>
            )}
            renderInput={(p) => <TextField {...p} label="Campaigns" />}
          />
          <TextField select label="Action" value={campaignAction} onChange={(e) => setCampaignAction(e.target.value as CampaignBulkAction)}>
            {Object.entries(CAMPAIGN_ACTION_LABELS).map(([k, v]) => (
              <MenuItem key={k} value={k}>
                {v}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}

      {cannotUndo ? (
        <Alert severity="warning">Cannot be undone. {cannotUndo}.</Alert>
      ) : (
        <Alert severity="info">
          Runs in the background with a progress bar; you can undo it for {BULK_UNDO_WINDOW_MS / 60_000} minutes after it finishes.
          {type === "campaigns" && " Each campaign is changed on its own: one that cannot be changed is reported, the rest go ahead."}
        </Alert>
      )}
    </FormDialog>
  );
}
