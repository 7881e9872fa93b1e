/**
 * The sign-in page's second step for accounts with two-factor on: a 6-digit authenticator code, or
 * a recovery code instead. The challenge token lives only in the page's memory, never in storage.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { TwoFactorChallenge } from "@prospector/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { useLoginTwoFactor } from "../api/use-login-two-factor.ts";
import { AuthTextField } from "./auth-text-field.tsx";

/** Why the step handed the user back to the password form. */
export type RestartReason = { kind: "locked" | "error"; text: string } | null;

interface Props {
  challenge: TwoFactorChallenge;
  remember: boolean;
  onSignedIn: () => void;
  onRestart: (reason: RestartReason) => void;
}

type Mode = "code" | "recovery";

export const CHALLENGE_EXPIRED_TEXT = "This sign-in attempt has expired. Please sign in again.";

export function TwoFactorStep({ challenge, remember, onSignedIn, onRestart }: Props) {
  const verify = useLoginTwoFactor();
  const [mode, setMode] = useState<Mode>("code");
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  // The server forgets the challenge after expires_in: send the user back before a code is wasted on it.
  useEffect(() => {
    const timer = setTimeout(() => onRestart({ kind: "error", text: CHALLENGE_EXPIRED_TEXT }), challenge.expires_in * 1000);
    return () => clearTimeout(timer);
  }, [challenge, onRestart]);

  const switchMode = () => {
    setMode(mode === "code" ? "recovery" : "code");
    setValue("");
    setFieldError(null);
    setAlert(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const entered = value.trim();
    if (mode === "code" && !/^\d{6}$/.test(entered)) return setFieldError("Enter the 6-digit code from your authenticator app");
    if (mode === "recovery" && !entered) return setFieldError("Enter one of your recovery codes");
    setFieldError(null);
    try {
      await verify.mutateAsync({
        twoFactorToken: challenge.two_factor_token,
        proof: mode === "code" ? { code: entered } : { recovery_code: entered },
        remember,
      });
      onSignedIn();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      const detail = error instanceof ApiError ? (error.detail ?? error.message) : errorMessage(error);
      if (code === "TWO_FACTOR_CHALLENGE_EXPIRED") onRestart({ kind: "error", text: detail });
      else if (code === "ACCOUNT_LOCKED") onRestart({ kind: "locked", text: detail });
      else if (code === "INVALID_TOTP_CODE" || code === "INVALID_RECOVERY_CODE") setFieldError(detail);
      else if (error instanceof ApiError && error.status === 422) setFieldError(error.message);
      else setAlert(detail);
    }
  };

  const busy = verify.isPending || verify.isSuccess;
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: "grid", gap: 2 }}>
      <Typography color="textSecondary">
        {mode === "code"
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once."}
      </Typography>
      {alert && (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      )}
      {mode === "code" ? (
        <AuthTextField
          key="code"
          label="Verification code"
          value={value}
          // Codes pasted as "123 456" or typed with a space still count; letters cannot be part of one.
          onChange={(e) => setValue(e.target.value.replace(/\D/g, "").slice(0, 6))}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          error={!!fieldError}
          helperText={fieldError}
          htmlInput={{ inputMode: "numeric", pattern: "[0-9]*", maxLength: 6 }}
        />
      ) : (
        <AuthTextField
          key="recovery"
          label="Recovery code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoFocus
          fullWidth
          error={!!fieldError}
          helperText={fieldError}
          htmlInput={{ autoCapitalize: "characters", spellCheck: false, maxLength: 64 }}
        />
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? "Verifying…" : "Verify"}
      </Button>
      <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
        <Button type="button" size="small" onClick={switchMode} disabled={busy}>
          {mode === "code" ? "Use a recovery code instead" : "Use your authenticator app instead"}
        </Button>
        <Button type="button" size="small" color="inherit" onClick={() => onRestart(null)} disabled={busy}>
          Back to sign in
        </Button>
      </Box>
    </Box>
  );
}
