/** Wizard step 7: validate-launch (what blocks, what is only a warning, estimated finish, plan) and Launch. */
import RocketLaunchOutlined from "@mui/icons-material/RocketLaunchOutlined";
import { Alert, AlertTitle, Box, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { CAMPAIGN_ACTION_STATES, type Campaign } from "@prospector/contracts";
import { formatDateTime } from "../../../../lib/format.ts";
import { useValidateLaunch } from "../../api/use-campaign-details.ts";
import { useCampaignAction } from "../../api/use-campaigns.ts";
import { campaignActionErrorMessage } from "../../lib/campaign-errors.ts";
import { num } from "../../lib/campaign-labels.ts";

export function ReviewStep({ campaign, onLaunched }: { campaign: Campaign; onLaunched: (c: Campaign) => void }) {
  const check = useValidateLaunch(campaign.id);
  const launch = useCampaignAction(campaign.id);
  const canLaunchState = CAMPAIGN_ACTION_STATES.launch.includes(campaign.status);
  if (check.isError) return <Alert severity="error">{campaignActionErrorMessage(check.error, "check the campaign")}</Alert>;
  if (!check.data) return <Typography color="textSecondary">Checking the campaign…</Typography>;
  const r = check.data;
  return (
    <Stack spacing={2}>
      {r.blockers.length > 0 ? (
        <Alert severity="error">
          <AlertTitle>Fix these before launching</AlertTitle>
          <List dense disablePadding aria-label="Blockers">
            {r.blockers.map((b) => (
              <ListItem key={`${b.code}:${b.message}`} disableGutters sx={{ py: 0 }}>
                <ListItemText primary={b.message} />
              </ListItem>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert severity="success">Ready to launch.</Alert>
      )}
      {r.warnings.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>Worth a look (launch is still possible)</AlertTitle>
          <List dense disablePadding aria-label="Warnings">
            {r.warnings.map((w) => (
              <ListItem key={`${w.code}:${w.message}`} disableGutters sx={{ py: 0 }}>
                <ListItemText primary={w.message} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent sx={{ display: "grid", gap: 0.5 }}>
          <Typography>{`${num(r.estimate.messages)} emails to send, up to ${num(r.estimate.daily_capacity)} a day over ${num(r.estimate.sending_days)} sending days`}</Typography>
          <Typography>
            {r.estimate.finish_at
              ? `Estimated finish: ${formatDateTime(r.estimate.finish_at)}`
              : "No finish estimate until the blockers are fixed."}
          </Typography>
          <Typography color="textSecondary">
            {`Plan ${r.plan.plan}: ${num(r.plan.emails_sent_this_month)} emails sent this month${r.plan.emails_per_month === null ? " (no monthly limit)" : ` of ${num(r.plan.emails_per_month)}`}`}
          </Typography>
          {r.launch_status === "scheduled" && (
            <Typography>{`Launching now schedules it: sending starts ${formatDateTime(campaign.starts_at)}.`}</Typography>
          )}
        </CardContent>
      </Card>
      {launch.isError && <Alert severity="error">{launch.error.message}</Alert>}
      <Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<RocketLaunchOutlined />}
          disabled={!r.can_launch || !canLaunchState || launch.isPending}
          onClick={() => launch.mutate("launch", { onSuccess: (c) => c && onLaunched(c) })}
        >
          {launch.isPending ? "Launching…" : "Launch campaign"}
        </Button>
        {!canLaunchState && (
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ mt: 1 }}
          >{`A ${campaign.status} campaign cannot be launched.`}</Typography>
        )}
      </Box>
    </Stack>
  );
}
