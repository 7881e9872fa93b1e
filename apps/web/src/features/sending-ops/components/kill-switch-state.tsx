/**
 * The top of /kill-switch: one big, unmistakable state. Running: what the sender is doing now and
 * "Stop all sending". Stopped: since when, by whom and why, and "Resume sending".
 */
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { alpha } from "@mui/material/styles";
import type { KillSwitchState } from "@prospector/contracts";
import { formatDateTime } from "../../../lib/format.ts";

const num = (n: number) => n.toLocaleString("en-US");

export function KillSwitchStateCard({
  state,
  canChange,
  onStopAll,
  onResume,
}: {
  state: KillSwitchState;
  canChange: boolean;
  onStopAll: () => void;
  onResume: () => void;
}) {
  const hold = state.workspace_hold;
  const a = state.activity;
  const partial = state.holds.length;
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-label="Sending state"
      sx={{
        p: { xs: 2, sm: 3 },
        borderWidth: 2,
        borderColor: hold ? "error.main" : "success.main",
        bgcolor: (t) => alpha(hold ? t.palette.error.main : t.palette.success.main, 0.07),
      }}
    >
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "center" }, justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: hold ? "error.main" : "success.main" }}>
            {hold ? "Sending is stopped" : "Sending is running"}
          </Typography>
          {hold ? (
            <Typography sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
              Since {formatDateTime(hold.held_at)} by {hold.held_by?.name || hold.held_by?.email || "a former member"}: {hold.reason}
            </Typography>
          ) : (
            <Typography color="textSecondary" sx={{ mt: 0.5 }}>
              {partial > 0
                ? `${partial} campaign${partial === 1 ? "" : "s"} or inbox${partial === 1 ? "" : "es"} stopped below; everything else sends within its caps and windows.`
                : "Every active campaign sends within its caps and windows."}
            </Typography>
          )}
          <Stack direction="row" spacing={3} sx={{ mt: 1.5, flexWrap: "wrap", rowGap: 1 }}>
            <Figure label="Active campaigns" value={num(a.active_campaigns)} />
            <Figure label="Being sent now" value={num(a.in_flight)} />
            <Figure label={hold ? "Held in the queue" : "Due or retrying"} value={num(a.queued)} />
            <Figure label="Sent in the last hour" value={num(a.sent_last_hour)} />
          </Stack>
        </Box>
        {canChange &&
          (hold ? (
            <Button variant="contained" color="success" size="large" onClick={onResume} sx={{ flexShrink: 0 }}>
              Resume sending
            </Button>
          ) : (
            <Button variant="contained" color="error" size="large" onClick={onStopAll} sx={{ flexShrink: 0 }}>
              Stop all sending
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
    </Box>
  );
}
