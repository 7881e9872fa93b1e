/** One incident: status, severity and assignee controls, the timeline, a comment box and containment actions. */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { INCIDENT_STATUS_ORDER, type IncidentDetail, type IncidentSeverity, type IncidentStatus, isReopening } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { usePermissions, useWorkspace } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers } from "../../team/api/use-members.ts";
import { useCommentIncident, useIncident, useUpdateIncident } from "../api/use-incidents.ts";
import { IncidentContainment } from "./incident-containment.tsx";
import { dateTime, describeEvent, SEVERITY_COLOR, SEVERITY_LABEL, STATUS_COLOR, STATUS_LABEL } from "./incident-format.ts";

export function IncidentDetailPanel({ id }: { id: string }) {
  const query = useIncident(id);
  if (query.isLoading) return <LinearProgress aria-label="Loading the incident" />;
  if (query.isError || !query.data) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  return <Detail incident={query.data} />;
}

function Detail({ incident }: { incident: IncidentDetail }) {
  const { can } = usePermissions();
  const canUpdate = can("incidents:update");
  const { current } = useWorkspace();
  const { user } = useSession();
  const members = useMembers(current?.id ?? user?.workspace?.id);
  const update = useUpdateIncident(incident.id);
  const comment = useCommentIncident(incident.id);
  const [pendingStatus, setPendingStatus] = useState<IncidentStatus | null>(null);
  const [reason, setReason] = useState("");
  const [body, setBody] = useState("");
  const closed = incident.status === "closed";

  const names = new Map((members.data ?? []).map((m) => [m.user.id, m.user.full_name]));
  if (incident.assignee) names.set(incident.assignee.id, incident.assignee.name);
  const nameOf = (v: unknown) => names.get(String(v)) ?? "a member";

  function changeStatus(to: IncidentStatus) {
    if (to === incident.status) return;
    if (isReopening(incident.status, to)) {
      setPendingStatus(to);
      return;
    }
    update.mutate({ status: to });
  }

  function sendComment(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return;
    comment.mutate(body.trim(), { onSuccess: () => setBody("") });
  }

  return (
    <Card variant="outlined">
      <CardHeader
        title={incident.title}
        subheader={`${incident.kind === "security" ? "Security" : "Operations"} incident · opened ${dateTime(incident.created_at)}${
          incident.created_by ? ` by ${incident.created_by.name}` : ""
        }${incident.resolved_at ? ` · resolved ${dateTime(incident.resolved_at)}` : ""}`}
        action={
          <Stack direction="row" spacing={1}>
            <Chip color={SEVERITY_COLOR[incident.severity]} label={SEVERITY_LABEL[incident.severity]} />
            <Chip variant="outlined" color={STATUS_COLOR[incident.status]} label={STATUS_LABEL[incident.status]} />
          </Stack>
        }
      />
      <CardContent sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
        {incident.description && (
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
            {incident.description}
          </Typography>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
          <TextField
            select
            size="small"
            label="Set status"
            value={incident.status}
            disabled={!canUpdate || update.isPending}
            onChange={(e) => changeStatus(e.target.value as IncidentStatus)}
            sx={{ minWidth: 160 }}
          >
            {INCIDENT_STATUS_ORDER.map((s) => (
              <MenuItem key={s} value={s}>
                {STATUS_LABEL[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Set severity"
            value={incident.severity}
            disabled={!canUpdate || closed || update.isPending}
            onChange={(e) => update.mutate({ severity: e.target.value as IncidentSeverity })}
            sx={{ minWidth: 140 }}
          >
            {(["low", "medium", "high", "critical"] as const).map((s) => (
              <MenuItem key={s} value={s}>
                {SEVERITY_LABEL[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Assign to"
            value={incident.assignee?.id ?? ""}
            disabled={!canUpdate || closed || update.isPending}
            onChange={(e) => update.mutate({ assignee_id: e.target.value || null })}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">Unassigned</MenuItem>
            {(members.data ?? [])
              .filter((m) => m.status === "active")
              .map((m) => (
                <MenuItem key={m.user.id} value={m.user.id}>
                  {m.user.full_name}
                </MenuItem>
              ))}
            {incident.assignee && !(members.data ?? []).some((m) => m.user.id === incident.assignee?.id) && (
              <MenuItem value={incident.assignee.id}>{incident.assignee.name}</MenuItem>
            )}
          </TextField>
        </Stack>
        {pendingStatus && (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: "flex-start" }}>
            <TextField
              size="small"
              label={`Why reopen (back to ${STATUS_LABEL[pendingStatus]})?`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              sx={{ flex: 1, minWidth: 260 }}
              autoFocus
            />
            <Button
              variant="contained"
              disabled={!reason.trim() || update.isPending}
              onClick={() =>
                update.mutate(
                  { status: pendingStatus, reason: reason.trim() },
                  {
                    onSuccess: () => {
                      setPendingStatus(null);
                      setReason("");
                    },
                  },
                )
              }
            >
              Reopen
            </Button>
            <Button onClick={() => setPendingStatus(null)}>Cancel</Button>
          </Stack>
        )}
        {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}

        {can("security:update") && (
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Containment
            </Typography>
            <IncidentContainment incidentId={incident.id} closed={closed} />
          </Box>
        )}

        <Divider />
        <Typography variant="subtitle2">Timeline</Typography>
        <List dense aria-label="Incident timeline" disablePadding>
          {incident.timeline.map((e) => (
            <ListItem key={e.id} disableGutters alignItems="flex-start">
              <ListItemText
                primary={describeEvent(e, nameOf)}
                secondary={`${e.actor?.name ?? "System"} · ${dateTime(e.created_at)}`}
                slotProps={{ primary: { sx: { whiteSpace: "pre-wrap" } } }}
              />
            </ListItem>
          ))}
        </List>
        {canUpdate && (
          <Box component="form" onSubmit={sendComment} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
            <TextField
              size="small"
              label="Add a comment"
              value={body}
              onChange={(e) => setBody(e.target.value)}
              multiline
              maxRows={6}
              sx={{ flex: 1 }}
              error={comment.isError}
              helperText={comment.isError ? errorMessage(comment.error) : " "}
            />
            <Button type="submit" variant="outlined" disabled={!body.trim() || comment.isPending}>
              Comment
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
