/** Building blocks every settings tab shares: a titled section, a labelled switch row and a save bar. */
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function SettingsSection({
  title,
  description,
  action,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 2, mb: 2, flexWrap: "wrap" }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            {description && (
              <Typography variant="body2" color="textSecondary" data-secondary-ui>
                {description}
              </Typography>
            )}
          </Box>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export function SwitchRow({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Box sx={{ py: 0.5 }}>
      <FormControlLabel
        control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
        label={label}
      />
      {description && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ ml: 6, mt: -0.5 }} data-secondary-ui>
          {description}
        </Typography>
      )}
    </Box>
  );
}

export function SaveBar({
  dirty,
  saving,
  onSave,
  onReset,
  error,
  label = "Save changes",
}: {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onReset?: () => void;
  error?: string;
  label?: string;
}) {
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        {onReset && (
          <Button onClick={onReset} disabled={!dirty || saving}>
            Discard
          </Button>
        )}
        <Button variant="contained" onClick={onSave} disabled={!dirty || saving} loading={saving}>
          {label}
        </Button>
      </Stack>
    </Stack>
  );
}
