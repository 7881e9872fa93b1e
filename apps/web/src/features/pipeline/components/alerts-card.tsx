/** What needs attention now (stuck deals, overdue closes, no owner, no next task, thin coverage) and what to do about it. */
import { Box, Button, Card, CardContent, CardHeader, Link, List, ListItem, Stack, Typography } from "@mui/material";
import type { Alert, Me, StageSummary, SuggestedAction } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { AlertActionDialog } from "./alert-action-dialog.tsx";
import { dealLink } from "./pipeline-format.ts";
import { SeverityChip } from "./severity-chip.tsx";

/** Deal links shown under an alert. */
export const ALERT_DEALS_SHOWN = 5;

interface Props {
  alerts: Alert[] | undefined;
  error: unknown;
  onRetry: () => void;
  stages: StageSummary[];
  user: Pick<Me, "id" | "full_name"> | null;
  /** Names of deals the page knows (bottlenecks, stale deals), for the links. */
  dealNames: Map<string, string>;
  /** May run actions (crm:update); others read the alerts only. */
  canAct: boolean;
}

export function AlertsCard({ alerts, error, onRetry, stages, user, dealNames, canAct }: Props) {
  const [acting, setActing] = useState<{ alert: Alert; action: SuggestedAction } | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="alerts-title">
      <CardHeader
        title="Alerts"
        subheader="What needs attention now, most severe first"
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "alerts-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <LoadError error={error} onRetry={onRetry} />
        ) : !alerts ? (
          <Typography color="textSecondary">Checking the deals…</Typography>
        ) : alerts.length === 0 ? (
          <Typography color="textSecondary">Nothing needs attention.</Typography>
        ) : (
          <List disablePadding aria-label="Alerts">
            {alerts.map((a) => (
              <ListItem key={a.key} disableGutters divider sx={{ display: "block", py: 1.5 }} aria-label={a.title}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
                  <SeverityChip severity={a.severity} />
                  <Typography variant="subtitle2" component="h4">
                    {a.title}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                  {a.detail}
                </Typography>
                {a.deal_ids.length > 0 && (
                  <Box sx={{ mt: 0.5, display: "flex", gap: 1.5, flexWrap: "wrap" }}>
                    {a.deal_ids.slice(0, ALERT_DEALS_SHOWN).map((id, i) => (
                      <Link key={id} component={RouterLink} to={dealLink(id)} variant="body2">
                        {dealNames.get(id) ?? (a.deal_ids.length === 1 ? "Open the deal" : `Deal ${i + 1}`)}
                      </Link>
                    ))}
                    {a.deal_ids.length > ALERT_DEALS_SHOWN && (
                      <Typography variant="body2" color="textSecondary">{`and ${a.deal_ids.length - ALERT_DEALS_SHOWN} more`}</Typography>
                    )}
                  </Box>
                )}
                {canAct && a.actions.length > 0 && (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: "wrap" }}>
                    {a.actions.map((action) => (
                      <Button
                        key={`${action.action_type}:${action.label}`}
                        size="small"
                        variant={action.action_type === "snooze_alert" ? "text" : "outlined"}
                        onClick={() => setActing({ alert: a, action })}
                      >
                        {action.label}
                      </Button>
                    ))}
                  </Stack>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {acting && (
        <AlertActionDialog
          action={acting.action}
          alertKey={acting.alert.key}
          dealIds={acting.alert.deal_ids}
          stages={stages}
          user={user}
          onClose={() => setActing(null)}
        />
      )}
    </Card>
  );
}
