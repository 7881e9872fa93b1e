/**
 * /dashboard: where a new user lands. Real getting-started state (account, workspace, role, a
 * checklist computed from the server) and the instance's health; no sample figures.
 */
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import SettingsBrightnessOutlined from "@mui/icons-material/SettingsBrightnessOutlined";
import { Alert, Box, Card, CardContent, Chip, Grid, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import type { ReactNode } from "react";
import type { ThemeChoice } from "../../../app/theme.ts";
import { useThemeMode } from "../../../app/theme-mode-provider.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useGettingStarted } from "../api/use-getting-started.ts";
import { GettingStartedCard } from "../components/getting-started-card.tsx";

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value}
      </Typography>
    </Box>
  );
}

function greeting(date = new Date()): string {
  const h = date.getHours();
  return h < 12 ? "Good morning" : h < 18 ? "Good afternoon" : "Good evening";
}

export default function DashboardPage() {
  const { user, steps, loading, health, healthError } = useGettingStarted();
  const { choice, setChoice } = useThemeMode();
  if (!user) return null;
  const firstName = user.full_name.trim().split(/\s+/)[0] || user.email;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h2">
          {greeting()}, {firstName}
        </Typography>
        <Typography color="text.secondary">Here is where your workspace stands.</Typography>
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>{loading ? <LoadingScreen /> : <GettingStartedCard steps={steps} />}</Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  Your account
                </Typography>
                <Field label="Name" value={user.full_name || "—"} />
                <Field
                  label="Email"
                  value={
                    <>
                      {user.email}{" "}
                      {user.email_verified ? (
                        <Chip size="small" color="success" variant="outlined" label="Verified" />
                      ) : (
                        <Chip size="small" variant="outlined" label="Not verified" />
                      )}
                    </>
                  }
                />
                <Field
                  label="Role"
                  value={
                    <>
                      {user.role_label}
                      {user.is_instance_admin && <Chip size="small" sx={{ ml: 1 }} label="Instance admin" />}
                    </>
                  }
                />
                <Field label="Member since" value={formatDateTime(user.created_at)} />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  Workspace
                </Typography>
                <Field label="Organization" value={user.organization.name} />
                <Field label="Workspace" value={user.workspace.name} />
                <Field
                  label="Plan"
                  value={<Chip size="small" color="primary" label={user.organization.plan} sx={{ textTransform: "capitalize" }} />}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  Instance
                </Typography>
                {healthError && <Alert severity="warning">{errorMessage(healthError)}</Alert>}
                {health && (
                  <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
                    <Chip size="small" label={`Version ${health.version}`} />
                    {Object.entries(health.checks).map(([name, c]) => (
                      <Chip
                        key={name}
                        size="small"
                        variant="outlined"
                        color={c.status === "ok" ? "success" : c.status === "error" ? "error" : "default"}
                        label={`${name}: ${c.status === "disabled" ? "not configured" : c.status}`}
                      />
                    ))}
                  </Stack>
                )}
                <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
                  Appearance
                </Typography>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={choice}
                  onChange={(_, v: ThemeChoice | null) => v && setChoice(v)}
                  aria-label="Theme"
                >
                  <ToggleButton value="light">
                    <LightModeOutlined fontSize="small" sx={{ mr: 0.5 }} /> Light
                  </ToggleButton>
                  <ToggleButton value="dark">
                    <DarkModeOutlined fontSize="small" sx={{ mr: 0.5 }} /> Dark
                  </ToggleButton>
                  <ToggleButton value="auto">
                    <SettingsBrightnessOutlined fontSize="small" sx={{ mr: 0.5 }} /> Auto
                  </ToggleButton>
                </ToggleButtonGroup>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
