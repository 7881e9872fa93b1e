/**
 * Change password: the rule a new password breaks is shown on the field, as are the server's
 * refusals. It can also revoke every API key, for when the password may have been known to someone.
 */
import { Alert, Button, Checkbox, FormControlLabel, Grid, Stack, TextField } from "@mui/material";
import { type PasswordPolicy, passwordProblems } from "@prospector/contracts";
import { useState } from "react";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useChangePassword } from "../api/use-security.ts";
import { errorCode, fieldError, formError } from "../lib/server-errors.ts";

export function PasswordChangeForm({ policy }: { policy: PasswordPolicy }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [revokeKeys, setRevokeKeys] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const change = useChangePassword();
  const toast = useToast();
  const code = errorCode(change.error);

  const serverFor = (field: "current_password" | "new_password"): string | undefined => {
    if (!change.error) return undefined;
    if (field === "current_password" && code === "INVALID_CURRENT_PASSWORD") return "Current password is incorrect";
    if (field === "new_password" && (code === "WEAK_PASSWORD" || code === "PASSWORD_RECENTLY_USED")) {
      return fieldError(change.error, "new_password") ?? formError(change.error);
    }
    return fieldError(change.error, field);
  };
  const shown = (field: "current_password" | "new_password" | "confirm") =>
    local[field] ?? (field === "confirm" ? undefined : serverFor(field));
  const general =
    code === "INVALID_CURRENT_PASSWORD" || code === "WEAK_PASSWORD" || code === "PASSWORD_RECENTLY_USED"
      ? undefined
      : formError(change.error, ["current_password", "new_password"]);

  const submit = () => {
    const problems: Record<string, string> = {};
    if (!current) problems.current_password = "Enter your current password";
    const rule = passwordProblems(next, policy)[0];
    if (rule) problems.new_password = rule;
    else if (next === current) problems.new_password = "The new password must differ from the current one";
    if (confirm !== next) problems.confirm = "The passwords do not match";
    setLocal(problems);
    change.reset();
    if (Object.keys(problems).length > 0) return;
    change.mutate(
      { current_password: current, new_password: next, revoke_api_keys: revokeKeys },
      {
        onSuccess: (answer) => {
          setCurrent("");
          setNext("");
          setConfirm("");
          setRevokeKeys(false);
          const sessions =
            answer.other_sessions_revoked > 0
              ? ` ${answer.other_sessions_revoked} other session${answer.other_sessions_revoked === 1 ? " was" : "s were"} signed out.`
              : "";
          const keys = revokeKeys ? ` ${answer.api_keys_revoked} API key${answer.api_keys_revoked === 1 ? " was" : "s were"} revoked.` : "";
          toast.success(`Password changed.${sessions}${keys}`);
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            fullWidth
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={Boolean(shown("current_password"))}
            helperText={shown("current_password")}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            fullWidth
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={Boolean(shown("new_password"))}
            helperText={
              shown("new_password") ??
              `At least ${policy.min_length} characters${policy.require_uppercase ? ", upper case" : ""}${policy.require_lowercase ? ", lower case" : ""}${policy.require_numbers ? ", a number" : ""}${policy.require_special ? ", a special character" : ""}.`
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            fullWidth
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={Boolean(shown("confirm"))}
            helperText={shown("confirm")}
          />
        </Grid>
      </Grid>
      <FormControlLabel
        control={<Checkbox checked={revokeKeys} onChange={(e) => setRevokeKeys(e.target.checked)} />}
        label="Also revoke all my API keys (scripts and integrations using them stop working)"
      />
      {general && <Alert severity="error">{general}</Alert>}
      <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
        <Button type="submit" variant="contained" loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </Stack>
  );
}
