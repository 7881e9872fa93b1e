/**
 * /sso/complete: where the identity provider's callback lands; trades its cookie for our token. An
 * account with two-factor on is asked for its code here, as after a password.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import type { TwoFactorChallenge } from "@prospector/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { takeLandingPath } from "../api/complete-sign-in.ts";
import { twoFactorChallengeOf } from "../api/use-login-two-factor.ts";
import { useSsoToken } from "../api/use-sso.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { type RestartReason, TwoFactorStep } from "../components/two-factor-step.tsx";

export default function SsoCompletePage() {
  const [params] = useSearchParams();
  const providerError = params.get("error");
  const carried = params.get("redirect");
  const navigate = useNavigate();
  const exchange = useSsoToken();
  const started = useRef(false);
  // In memory only, as on the sign-in page.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [ended, setEnded] = useState<string | null>(null);

  useEffect(() => {
    // Once only: the cookie can be exchanged a single time (StrictMode runs effects twice).
    if (started.current || providerError) return;
    started.current = true;
    exchange.mutate(undefined, {
      onSuccess: () => navigate(takeLandingPath(carried), { replace: true }),
      onError: (error) => setChallenge(twoFactorChallengeOf(error)),
    });
  }, [exchange, navigate, providerError, carried]);

  const finishTwoFactor = useCallback(() => navigate(takeLandingPath(carried), { replace: true }), [navigate, carried]);
  const restart = useCallback((reason: RestartReason) => {
    setChallenge(null);
    setEnded(reason?.text ?? "Please sign in again.");
  }, []);

  if (challenge) {
    return (
      <AuthLayout title="Two-step verification" subtitle="Your account is protected with two-factor authentication.">
        <TwoFactorStep challenge={challenge} remember onSignedIn={finishTwoFactor} onRestart={restart} />
      </AuthLayout>
    );
  }

  const failure = providerError
    ? `Single sign-on failed: ${providerError}`
    : ended
      ? ended
      : exchange.isError
        ? errorMessage(exchange.error)
        : null;
  return (
    <AuthLayout title="Signing you in">
      {failure ? (
        <Box sx={{ display: "grid", gap: 2 }}>
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
          <Button component={RouterLink} to="/sign-in" variant="contained">
            Back to Sign In
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: "flex", gap: 2, alignItems: "center", justifyContent: "center" }}>
          <CircularProgress size={24} />
          <Typography>Completing single sign-on…</Typography>
        </Box>
      )}
    </AuthLayout>
  );
}
