/**
 * API Keys tab: up to 10 personal keys, each limited to permissions from the catalogue; the secret
 * is shown once at creation; keys can be edited, paused and revoked; usage and rate limits shown.
 */
import ContentCopy from "@mui/icons-material/ContentCopy";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { API_KEY_RATE_LIMITS, type ApiKey, type ApiKeyCreated, MAX_API_KEYS, settingsErrors } from "@prospector/contracts";
import { useState } from "react";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useApiKeys, useApiPermissions, useApiUsage, useDeleteApiKey, useUpdateApiKey } from "../api/use-api-keys.ts";
import { ApiKeyDialog } from "../components/api-key-dialog.tsx";
import { SettingsSection } from "../components/settings-ui.tsx";
import { formError } from "../lib/server-errors.ts";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

function SecretDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const toast = useToast();
  return (
    <Dialog open={Boolean(created)} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Copy your new API key</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          This is the only time the key is shown. Store it in a password manager or your secret store.
        </Alert>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", p: 1.5, bgcolor: "action.hover", borderRadius: 1 }}>
          <Typography sx={{ fontFamily: "monospace", wordBreak: "break-all", flex: 1 }} data-testid="api-key-secret">
            {created?.key}
          </Typography>
          <Button
            startIcon={<ContentCopy />}
            onClick={() =>
              void navigator.clipboard?.writeText(created?.key ?? "").then(
                () => toast.success("API key copied"),
                () => toast.error("Copying is not allowed here: select the key instead"),
              )
            }
          >
            Copy
          </Button>
        </Box>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Send it as <code>Authorization: Bearer &lt;key&gt;</code> or <code>X-API-Key: &lt;key&gt;</code>.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ApiKeysTab() {
  const keys = useApiKeys();
  const catalogue = useApiPermissions();
  const usage = useApiUsage();
  const update = useUpdateApiKey();
  const remove = useDeleteApiKey();
  const toast = useToast();
  const [dialog, setDialog] = useState<{ editing: ApiKey | null } | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState<ApiKey | null>(null);

  if (keys.isPending) return <LoadingScreen />;
  if (keys.isError) {
    const message = formError(keys.error);
    return message ? (
      <Alert severity="error">{message}</Alert>
    ) : (
      <Alert severity="info">API keys need the server: try again when it is back.</Alert>
    );
  }
  const list = keys.data;
  const atLimit = list.length >= MAX_API_KEYS;
  const actionError = formError(update.error) ?? formError(remove.error);

  return (
    <Stack spacing={3}>
      <SettingsSection
        title="API keys"
        description={`Keys let scripts and integrations use the API as you, limited to the permissions you pick. ${list.length} of ${MAX_API_KEYS} used.`}
        action={
          <Button variant="contained" onClick={() => setDialog({ editing: null })} disabled={atLimit || !catalogue.data}>
            Create API key
          </Button>
        }
      >
        {atLimit && (
          <Alert severity="info" sx={{ mb: 2 }} data-code="API_KEY_LIMIT_EXCEEDED">
            {settingsErrors.API_KEY_LIMIT_EXCEEDED.detail}. Revoke a key to create another.
          </Alert>
        )}
        {actionError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {actionError}
          </Alert>
        )}
        {list.length === 0 ? (
          <Typography color="textSecondary">No API keys yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="API keys">
              <TableHead>
                <TableRow sx={{ "& th": { whiteSpace: "nowrap" } }}>
                  <TableCell>Name</TableCell>
                  <TableCell>Permissions</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell align="right">Requests</TableCell>
                  <TableCell>Active</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((k) => {
                  const expired = k.expiresAt !== null && Date.parse(k.expiresAt) < Date.now();
                  return (
                    <TableRow key={k.id} data-testid="api-key-row">
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {k.name}
                        </Typography>
                        <Typography variant="caption" color="textSecondary" sx={{ fontFamily: "monospace" }}>
                          {k.prefix}…
                        </Typography>
                        {k.description && (
                          <Typography variant="caption" color="textSecondary" component="p">
                            {k.description}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Tooltip title={k.permissions.join(", ")}>
                          <Chip size="small" label={`${k.permissions.length} permission${k.permissions.length === 1 ? "" : "s"}`} />
                        </Tooltip>
                      </TableCell>
                      <TableCell>{formatDateTime(k.createdAt)}</TableCell>
                      <TableCell>{k.lastUsed ? timeAgo(k.lastUsed) : "Never"}</TableCell>
                      <TableCell>
                        {k.expiresAt ? (
                          <Typography variant="body2" color={expired ? "error" : undefined}>
                            {expired ? "Expired" : formatDateTime(k.expiresAt)}
                          </Typography>
                        ) : (
                          "Never"
                        )}
                      </TableCell>
                      <TableCell align="right">{k.usageCount.toLocaleString()}</TableCell>
                      <TableCell>
                        <Switch
                          checked={k.isActive}
                          slotProps={{ input: { "aria-label": `${k.name} active` } }}
                          onChange={(e) => update.mutate({ id: k.id, patch: { isActive: e.target.checked } })}
                        />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>
                        <Button size="small" onClick={() => setDialog({ editing: k })}>
                          Edit
                        </Button>
                        <Button size="small" color="error" onClick={() => setConfirmRevoke(k)}>
                          Revoke
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </SettingsSection>
      <SettingsSection title="Usage" description="Requests made with your keys. Each key is limited per minute, hour and day.">
        {usage.data ? (
          <Grid container spacing={3}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label="Total requests" value={usage.data.totalRequests.toLocaleString()} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label="This month" value={usage.data.requestsThisMonth.toLocaleString()} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stat label="Last request" value={usage.data.lastRequestAt ? formatDateTime(usage.data.lastRequestAt) : "None yet"} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="subtitle2">Top endpoints</Typography>
              {usage.data.topEndpoints.length === 0 ? (
                <Typography variant="body2" color="textSecondary">
                  No requests yet.
                </Typography>
              ) : (
                <List dense disablePadding>
                  {usage.data.topEndpoints.map((e) => (
                    <ListItem key={e.endpoint} disableGutters secondaryAction={e.count.toLocaleString()}>
                      <ListItemText primary={e.endpoint} slotProps={{ primary: { sx: { fontFamily: "monospace", fontSize: 13 } } }} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="subtitle2">Rate limits per key</Typography>
              <Typography variant="body2">
                {(usage.data.rateLimits ?? API_KEY_RATE_LIMITS).perMinute.toLocaleString()} per minute ·{" "}
                {(usage.data.rateLimits ?? API_KEY_RATE_LIMITS).perHour.toLocaleString()} per hour ·{" "}
                {(usage.data.rateLimits ?? API_KEY_RATE_LIMITS).perDay.toLocaleString()} per day
              </Typography>
            </Grid>
          </Grid>
        ) : (
          <Typography color="textSecondary">{usage.isPending ? "Loading…" : "Usage could not be loaded."}</Typography>
        )}
      </SettingsSection>

      {dialog && catalogue.data && (
        <ApiKeyDialog
          open
          key={dialog.editing?.id ?? "new"}
          editing={dialog.editing}
          catalogue={catalogue.data}
          onClose={() => setDialog(null)}
          onCreated={(k) => {
            setDialog(null);
            setCreated(k);
          }}
        />
      )}
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <Dialog open={Boolean(confirmRevoke)} onClose={() => setConfirmRevoke(null)}>
        <DialogTitle>Revoke {confirmRevoke?.name}?</DialogTitle>
        <DialogContent>
          <Typography>Anything using this key stops working at once. This cannot be undone.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRevoke(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() =>
              confirmRevoke &&
              remove.mutate(confirmRevoke.id, {
                onSuccess: () => {
                  toast.success(`Revoked ${confirmRevoke.name}`);
                  setConfirmRevoke(null);
                },
              })
            }
          >
            Revoke key
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
