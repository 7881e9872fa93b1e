/**
 * "Apply to campaign": pick a campaign, see exactly what its sending window would become (time
 * zone, days, start, end) and why, then apply in one click. A campaign that cannot change (sending,
 * completed) says so and offers no button; a preview overtaken by new data is refused by the server.
 */
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { ApplyZoneMode, Campaign, SendTimeMetric, SendTimePreview } from "@prospector/contracts";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { STATUS_LABELS } from "../../campaigns/lib/campaign-labels.ts";
import { type ApplyParams, useApplyBestHours, useCampaignChoices, usePreviewApply } from "../api/use-send-insights.ts";

const FIELD_LABELS = { timezone: "Time zone", days: "Days", start: "Start", end: "End" } as const;

export function ApplyToCampaign({ days, metric, blockHours }: { days: number; metric: SendTimeMetric; blockHours: number }) {
  const { can } = usePermissions();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [zoneMode, setZoneMode] = useState<ApplyZoneMode>("recipients");
  const [preview, setPreview] = useState<SendTimePreview | null>(null);
  const choices = useCampaignChoices(useDebounced(search, 250));
  const previewCall = usePreviewApply();
  const applyCall = useApplyBestHours();
  const params = (c: Campaign): ApplyParams => ({ campaign_id: c.id, days, metric, block_hours: blockHours, timezone_mode: zoneMode });

  const runPreview = (c: Campaign | null, mode = zoneMode) => {
    setPreview(null);
    applyCall.reset();
    if (!c) return;
    previewCall.mutate({ ...params(c), timezone_mode: mode }, { onSuccess: setPreview });
  };
  const apply = () => {
    if (!campaign || !preview) return;
    applyCall.mutate(
      { ...params(campaign), expected: preview.proposed },
      {
        onSuccess: (done) => {
          toast.success(`"${done.campaign.name}" now sends ${done.proposed.start}–${done.proposed.end} ${done.proposed.timezone}`);
          setPreview({ ...done, changes: [], current: done.proposed });
        },
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="Apply to a campaign"
        subheader="Sets the campaign's sending window (days, start and end, time zone) to the best block above."
        slotProps={{ title: { variant: "h6", component: "h3" } }}
      />
      <CardContent>
        <Stack spacing={2}>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
            <Autocomplete
              sx={{ flex: 1, minWidth: 240 }}
              options={choices.data?.campaigns ?? []}
              loading={choices.isFetching}
              value={campaign}
              onChange={(_, c) => {
                setCampaign(c);
                runPreview(c);
              }}
              onInputChange={(_, text, reason) => reason === "input" && setSearch(text)}
              getOptionLabel={(c) => `${c.name} (${STATUS_LABELS[c.status]})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(x) => x}
              noOptionsText={search ? "No campaign matches" : "No campaigns yet: create one first"}
              renderInput={(p) => <TextField {...p} label="Campaign" size="small" />}
            />
            <RadioGroup
              row
              value={zoneMode}
              onChange={(e) => {
                const mode = e.target.value as ApplyZoneMode;
                setZoneMode(mode);
                runPreview(campaign, mode);
              }}
              aria-label="Time zone of the window"
            >
              <FormControlLabel value="recipients" control={<Radio size="small" />} label="Most of its leads' zone" />
              <FormControlLabel value="campaign" control={<Radio size="small" />} label="Keep the campaign's zone" />
            </RadioGroup>
          </Box>
          {previewCall.isPending && <Typography color="textSecondary">Working out the change…</Typography>}
          {previewCall.isError && <Alert severity="warning">{errorMessage(previewCall.error)}</Alert>}
          {preview && <PreviewTable preview={preview} />}
          {preview && !preview.editable && <Alert severity="info">{preview.not_editable_reason}</Alert>}
          {applyCall.isError && <Alert severity="error">{errorMessage(applyCall.error)}</Alert>}
          {preview?.editable && preview.changes.length > 0 && (
            <Box>
              <Button
                variant="contained"
                onClick={apply}
                disabled={applyCall.isPending || !can("campaigns:update")}
                title={can("campaigns:update") ? undefined : "Changing a campaign needs campaigns:update"}
              >
                {applyCall.isPending ? "Applying…" : "Apply to campaign"}
              </Button>
            </Box>
          )}
          {preview && preview.changes.length === 0 && <Alert severity="success">The campaign already sends in this window.</Alert>}
        </Stack>
      </CardContent>
    </Card>
  );
}

function PreviewTable({ preview }: { preview: SendTimePreview }) {
  const current = preview.current;
  const proposed = preview.proposed;
  const days = (d: number[]) => d.map((x) => ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][x]).join(", ") || "none";
  const rows = [
    ["timezone", current.timezone, proposed.timezone],
    ["days", days(current.days), days(proposed.days)],
    ["start", current.start, proposed.start],
    ["end", current.end, proposed.end],
  ] as const;
  return (
    <Box>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="What will change">
          <TableHead>
            <TableRow>
              <TableCell>Setting</TableCell>
              <TableCell>Now</TableCell>
              <TableCell>After applying</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(([field, from, to]) => {
              const changed = preview.changes.some((c) => c.field === field);
              return (
                <TableRow key={field}>
                  <TableCell>{FIELD_LABELS[field]}</TableCell>
                  <TableCell>{from}</TableCell>
                  <TableCell sx={{ fontWeight: changed ? 600 : undefined }}>
                    {to}
                    {changed ? " (changes)" : ""}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {preview.note} {preview.best.basis}
      </Typography>
    </Box>
  );
}
