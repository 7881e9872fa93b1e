/** Help & Support: the instance's health and version, the API reference at /docs, and shortcuts. */
import OpenInNew from "@mui/icons-material/OpenInNew";
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from "@mui/material";
import { errorMessage } from "../../lib/errors.ts";
import { useHealth } from "../../lib/use-health.ts";

export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const health = useHealth(open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Help &amp; Support</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              This instance
            </Typography>
            {health.isPending && <Typography color="text.secondary">Loading...</Typography>}
            {health.isError && <Alert severity="warning">{errorMessage(health.error)}</Alert>}
            {health.data && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
                <Chip label={`Version ${health.data.version}`} size="small" />
                {Object.entries(health.data.checks).map(([name, check]) => (
                  <Chip
                    key={name}
                    size="small"
                    variant="outlined"
                    color={check.status === "ok" ? "success" : check.status === "error" ? "error" : "default"}
                    label={`${name}: ${check.status === "disabled" ? "not configured" : check.status}`}
                    title={check.detail}
                  />
                ))}
              </Stack>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              API reference
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Every endpoint this app uses is documented, with request and response schemas, in the browsable OpenAPI reference.{" "}
              <Link href="/docs" target="_blank" rel="noopener">
                Open the API docs <OpenInNew sx={{ fontSize: 14, verticalAlign: "middle" }} />
              </Link>
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Keyboard shortcuts
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <Chip size="small" label="Ctrl K" /> or <Chip size="small" label="⌘ K" /> open search; <Chip size="small" label="Esc" />{" "}
              closes dialogs.
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Something not working?
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Errors you run into are reported to this instance automatically, so your administrator can see them. Prospector is open source
              and self-hosted: your administrator runs this server, so contact them first.
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
