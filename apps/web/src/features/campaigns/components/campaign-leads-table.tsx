/**
 * Per-lead state in the campaign: where each lead is in the sequence, the last and next send, why
 * it waits, and the meeting booked with it (marked here; the Meetings figure counts it).
 */
import { Box, Button, Card, CardHeader, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { CampaignLeadState } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useCampaignLeads, useMeetingMark } from "../api/use-campaign-details.ts";
import { LEAD_STATE_COLORS, LEAD_STATE_LABELS, waitReasonText } from "../lib/campaign-labels.ts";

/** Only a lead still in the sequence waits for anything. */
const WAITING_STATES = new Set<CampaignLeadState>(["queued", "in_progress"]);

export function CampaignLeadsTable({
  campaignId,
  steps,
  canMarkMeetings = false,
}: {
  campaignId: string;
  steps: number;
  /** campaigns:update: the caller may mark meetings booked. */
  canMarkMeetings?: boolean;
}) {
  const [state, setState] = useState<CampaignLeadState | undefined>();
  const pager = usePager({ resetKeys: [state] });
  const q = useCampaignLeads(campaignId, pager.page + 1, pager.perPage, state);
  const meeting = useMeetingMark(campaignId);
  const counts = q.data?.states;
  const marking = (leadId: string) => meeting.isPending && meeting.variables?.leadId === leadId;
  return (
    <Card variant="outlined">
      <CardHeader title="Leads" slotProps={{ title: { variant: "subtitle1" } }} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ px: 2, pb: 1, flexWrap: "wrap" }} role="group" aria-label="Filter leads by state">
        <Chip label="All" color={state ? "default" : "primary"} onClick={() => setState(undefined)} />
        {CampaignLeadState.options.map((s) => (
          <Chip
            key={s}
            label={`${LEAD_STATE_LABELS[s]}${counts ? ` (${counts[s] ?? 0})` : ""}`}
            color={state === s ? "primary" : "default"}
            variant={state === s ? "filled" : "outlined"}
            onClick={() => setState(s)}
          />
        ))}
      </Stack>
      {q.isError ? (
        <Typography color="error" sx={{ p: 2 }}>
          {errorMessage(q.error)}
        </Typography>
      ) : q.data && q.data.leads.length === 0 ? (
        <Typography color="textSecondary" sx={{ p: 2 }}>
          {state ? "No leads in this state." : "No leads in this campaign yet: add some in the campaign editor."}
        </Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Campaign leads">
            <TableHead>
              <TableRow>
                <TableCell>Lead</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Emails sent</TableCell>
                <TableCell>Last sent</TableCell>
                <TableCell>Next send</TableCell>
                <TableCell>Waiting because</TableCell>
                <TableCell>Meeting</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(q.data?.leads ?? []).map((l) => (
                <TableRow key={l.lead_id}>
                  <TableCell>
                    <Typography variant="body2">{[l.first_name, l.last_name].filter(Boolean).join(" ") || l.email}</Typography>
                    <Typography variant="caption" color="textSecondary">
                      {[l.email, l.company_name].filter(Boolean).join(" · ")}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={LEAD_STATE_LABELS[l.state]} color={LEAD_STATE_COLORS[l.state]} />
                  </TableCell>
                  <TableCell>{`${Math.min(l.current_step, steps)} of ${steps}`}</TableCell>
                  <TableCell>{formatDateTime(l.last_sent_at) || "—"}</TableCell>
                  <TableCell>{formatDateTime(l.next_send_at) || "—"}</TableCell>
                  <TableCell>{WAITING_STATES.has(l.state) && l.wait_reason ? waitReasonText(l.wait_reason) : "—"}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                      {l.meeting_booked_at && <Chip size="small" color="success" label={`Booked ${formatDateTime(l.meeting_booked_at)}`} />}
                      {canMarkMeetings && (
                        <Button
                          size="small"
                          disabled={marking(l.lead_id)}
                          onClick={() => meeting.mutate({ leadId: l.lead_id, booked: !l.meeting_booked_at })}
                        >
                          {l.meeting_booked_at ? "Undo" : "Mark meeting booked"}
                        </Button>
                      )}
                      {!l.meeting_booked_at && !canMarkMeetings && "—"}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {meeting.isError && (
        <Typography color="error" role="alert" sx={{ px: 2, py: 1 }}>
          {errorMessage(meeting.error)}
        </Typography>
      )}
      <TablePager pager={pager} count={q.data?.total ?? 0} />
    </Card>
  );
}
