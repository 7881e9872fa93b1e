/**
 * Two-factor authentication: enrol (password → QR code and secret → 6-digit code → recovery
 * codes shown once), renew recovery codes, and turn it off with the password.
 */
import ContentCopy from "@mui/icons-material/ContentCopy";
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from "@mui/material";
import type { SecurityOverview, TwoFactorSetup } from "@prospector/contracts";
import { useState } from "react";
import { downloadBlob } from "../../../lib/api-client.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useRegenerateRecoveryCodes, useToggleTwoFactor, useVerifyTwoFactor } from "../api/use-security.ts";
import { errorCode, formError } from "../lib/server-errors.ts";

type Step =
  | { kind: "idle" }
  | { kind: "password"; action: "enable" | "disable" | "codes" }
  | { kind: "scan"; setup: TwoFactorSetup }
  | { kind: "codes"; codes: string[] };

function passwordError(error: unknown): string | undefined {
  return errorCode(error) === "INVALID_CURRENT_PASSWORD" ? "Current password is incorrect" : undefined;
}

export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const toast = useToast();
  const text = codes.join("\n");
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They are not shown again.
      </Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{ columns: 2, fontFamily: "monospace", fontSize: 15, pl: 3, my: 1, bgcolor: "action.hover", borderRadius: 1, py: 1 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<ContentCopy />}
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => toast.success("Recovery codes copied"),
              () => toast.error("Copying is not allowed here: select the codes instead"),
            )
          }
        >
          Copy
        </Button>
        <Button onClick={() => downloadBlob(new Blob([`${text}\n`], { type: "text/plain" }), "prospector-recovery-codes.txt")}>
          Download
        </Button>
      </Stack>
    </Box>
  );
}

export function TwoFactorPanel({ overview }: { overview: SecurityOverview }) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const toggle = useToggleTwoFactor();
  const verify = useVerifyTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const toast = useToast();
  const close = () => {
    setStep({ kind: "idle" });
    setPassword("");
    setCode("");
    setCodeError(undefined);
    toggle.reset();
    verify.reset();
    regenerate.reset();
  };

  const confirmPassword = (action: "enable" | "disable" | "codes") => {
    if (action === "codes") {
      regenerate.mutate(password, { onSuccess: (r) => setStep({ kind: "codes", codes: r.recovery_codes }) });
      return;
    }
    toggle.mutate(
      { enable: action === "enable", password },
      {
        onSuccess: (r) => {
          if (r.status === "pending") setStep({ kind: "scan", setup: r });
          else {
            toast.success(r.message);
            close();
          }
        },
      },
    );
  };

  const submitCode = () => {
    if (!/^\d{6}$/.test(code)) {
      setCodeError("Enter the 6-digit code from your authenticator app");
      return;
    }
    setCodeError(undefined);
    verify.mutate(code, {
      onSuccess: (r) => {
        toast.success(r.message);
        setStep({ kind: "codes", codes: r.recovery_codes });
      },
    });
  };

  const pwError = step.kind === "password" ? passwordError(step.action === "codes" ? regenerate.error : toggle.error) : undefined;
  const pwGeneral = step.kind === "password" && !pwError ? formError(step.action === "codes" ? regenerate.error : toggle.error) : undefined;
  const verifyError = codeError ?? (verify.error ? (formError(verify.error) ?? "Invalid verification code. Please try again.") : undefined);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap", rowGap: 1 }}>
        <Chip color={overview.two_factor_enabled ? "success" : "default"} label={overview.two_factor_enabled ? "On" : "Off"} />
        {overview.two_factor_enabled && (
          <Typography variant="body2" color="textSecondary">
            {overview.recovery_codes_remaining} recovery code{overview.recovery_codes_remaining === 1 ? "" : "s"} left
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {overview.two_factor_enabled ? (
          <>
            <Button variant="outlined" onClick={() => setStep({ kind: "password", action: "codes" })}>
              New recovery codes
            </Button>
            <Button color="error" onClick={() => setStep({ kind: "password", action: "disable" })}>
              Turn off two-factor
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => setStep({ kind: "password", action: "enable" })} disabled={!overview.has_password}>
            Set up two-factor
          </Button>
        )}
      </Stack>

      <Dialog open={step.kind !== "idle"} onClose={close} fullWidth maxWidth="sm">
        {step.kind === "password" && (
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              confirmPassword(step.action);
            }}
          >
            <DialogTitle>Confirm your password</DialogTitle>
            <DialogContent>
              <TextField
                autoFocus
                label="Current password"
                type="password"
                autoComplete="current-password"
                fullWidth
                margin="dense"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={Boolean(pwError)}
                helperText={pwError}
              />
              {pwGeneral && <Alert severity="error">{pwGeneral}</Alert>}
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={!password} loading={toggle.isPending || regenerate.isPending}>
                Continue
              </Button>
            </DialogActions>
          </Box>
        )}
        {step.kind === "scan" && (
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              submitCode();
            }}
          >
            <DialogTitle>Scan the QR code</DialogTitle>
            <DialogContent>
              <Typography variant="body2" sx={{ mb: 2 }}>
                Scan this code with an authenticator app (1Password, Google Authenticator, Authy…), then enter the 6-digit code it shows.
              </Typography>
              <Box sx={{ display: "flex", justifyContent: "center", mb: 2 }}>
                <Box
                  component="img"
                  src={step.setup.qr_code}
                  alt="QR code for your authenticator app"
                  sx={{ width: 200, height: 200, bgcolor: "#fff", p: 1 }}
                />
              </Box>
              <Typography variant="caption" color="textSecondary">
                Cannot scan? Enter this key:
              </Typography>
              <Typography sx={{ fontFamily: "monospace", wordBreak: "break-all", mb: 2 }} data-testid="totp-secret">
                {step.setup.secret}
              </Typography>
              <TextField
                autoFocus
                label="Verification code"
                fullWidth
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\s/g, ""))}
                error={Boolean(verifyError)}
                helperText={verifyError}
                slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="contained" loading={verify.isPending}>
                Verify and turn on
              </Button>
            </DialogActions>
          </Box>
        )}
        {step.kind === "codes" && (
          <>
            <DialogTitle>Your recovery codes</DialogTitle>
            <DialogContent>
              <RecoveryCodesList codes={step.codes} />
            </DialogContent>
            <DialogActions>
              <Button variant="contained" onClick={close}>
                I have saved them
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}
