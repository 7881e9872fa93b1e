/** Security tab: password, two-factor authentication and the sessions signed in to this account. */
import LaptopOutlined from "@mui/icons-material/LaptopOutlined";
import { Alert, Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from "@mui/material";
import type { ActiveSession } from "@prospector/contracts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useRevokeOtherSessions, useRevokeSession, useSecurityOverview, useSessions } from "../api/use-security.ts";
import { PasswordChangeForm } from "../components/password-change-form.tsx";
import { SettingsSection } from "../components/settings-ui.tsx";
import { TwoFactorPanel } from "../components/two-factor-panel.tsx";
import { formError } from "../lib/server-errors.ts";

function SessionRow({ session, onRevoke, busy }: { session: ActiveSession; onRevoke: () => void; busy: boolean }) {
  return (
    <ListItem
      divider
      data-testid="session-row"
      data-current={session.current}
      secondaryAction={
        session.current ? (
          <Chip size="small" color="primary" label="This device" />
        ) : (
          <Button size="small" color="error" onClick={onRevoke} loading={busy}>
            Revoke
          </Button>
        )
      }
    >
      <ListItemIcon>
        <LaptopOutlined />
      </ListItemIcon>
      <ListItemText
        primary={session.device}
        secondary={`${session.location}${session.ip ? ` · ${session.ip}` : ""} · last active ${timeAgo(session.last_activity)} · signed in ${formatDateTime(session.created_at)}`}
        sx={{ pr: 12 }}
      />
    </ListItem>
  );
}

export function SecurityTab() {
  const overview = useSecurityOverview();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const toast = useToast();

  if (overview.isPending) return <LoadingScreen />;
  if (overview.isError) {
    const message = formError(overview.error);
    return message ? (
      <Alert severity="error">{message}</Alert>
    ) : (
      <Alert severity="info">Security settings need the server: try again when it is back.</Alert>
    );
  }
  const data = overview.data;
  const list = sessions.data ?? data.active_sessions;

  return (
    <Stack spacing={3}>
      <SettingsSection
        title="Password"
        description={
          data.password_last_changed
            ? `Last changed ${formatDateTime(data.password_last_changed)}. Changing it signs out your other devices.`
            : "Changing it signs out your other devices."
        }
      >
        {data.has_password ? (
          <PasswordChangeForm policy={data.password_policy} />
        ) : (
          <Alert severity="info">
            This account signs in with single sign-on. To add a password, use “Forgot password” on the sign-in page.
          </Alert>
        )}
      </SettingsSection>
      <SettingsSection title="Two-factor authentication" description="A code from an authenticator app is asked for after your password.">
        <TwoFactorPanel overview={data} />
      </SettingsSection>
      <SettingsSection
        title="Active sessions"
        description="Devices signed in to your account. Revoke any you do not recognise."
        action={
          list.some((s) => !s.current) && (
            <Button
              color="error"
              variant="outlined"
              loading={revokeOthers.isPending}
              onClick={() => revokeOthers.mutate(undefined, { onSuccess: (r) => toast.success(r.message) })}
            >
              Sign out other devices
            </Button>
          )
        }
      >
        {list.length === 0 ? (
          <Typography color="textSecondary">No active sessions.</Typography>
        ) : (
          <List disablePadding>
            {list.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                busy={revoke.isPending && revoke.variables === s.id}
                onRevoke={() => revoke.mutate(s.id, { onSuccess: () => toast.success(`Signed out ${s.device}`) })}
              />
            ))}
          </List>
        )}
        {(formError(revoke.error) ?? formError(revokeOthers.error)) && (
          <Box sx={{ mt: 1 }}>
            <Alert severity="error">{formError(revoke.error) ?? formError(revokeOthers.error)}</Alert>
          </Box>
        )}
      </SettingsSection>
    </Stack>
  );
}
