/** /sso/complete: where the identity provider's callback lands; trades its cookie for our token. */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { takeLandingPath } from "../api/complete-sign-in.ts";
import { useSsoToken } from "../api/use-sso.ts";
import { AuthLayout } from "../components/auth-layout.tsx";

export default function SsoCompletePage() {
  const [params] = useSearchParams();
  const providerError = params.get("error");
  const carried = params.get("redirect");
  const navigate = useNavigate();
  const exchange = useSsoToken();
  const started = useRef(false);

  useEffect(() => {
    // Once only: the cookie can be exchanged a single time (StrictMode runs effects twice).
    if (started.current || providerError) return;
    started.current = true;
    exchange.mutate(undefined, { onSuccess: () => navigate(takeLandingPath(carried), { replace: true }) });
  }, [exchange, navigate, providerError, carried]);

  const failure = providerError ? `Single sign-on failed: ${providerError}` : exchange.isError ? errorMessage(exchange.error) : null;
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
