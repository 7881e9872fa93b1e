/** /verify-email?token=…: the link from the verification email; confirms the address, then sign in. */
import CheckCircle from "@mui/icons-material/CheckCircle";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/errors.ts";
import { useVerifyEmail } from "../api/use-password-reset.ts";
import { AuthLayout } from "../components/auth-layout.tsx";

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <AuthLayout title="Email verified">
        <Box sx={{ textAlign: "center", display: "grid", gap: 2 }}>
          <CheckCircle color="success" sx={{ fontSize: 56, mx: "auto" }} />
          <Typography>Your email address is confirmed. You can sign in now.</Typography>
          <Button component={RouterLink} to="/sign-in" variant="contained" size="large">
            Go to Sign In
          </Button>
        </Box>
      </AuthLayout>
    );
  }
  const failure = !token
    ? "Invalid or missing verification token. Sign in to request a new verification email."
    : verify.isError
      ? verify.error instanceof ApiError && verify.error.detail
        ? verify.error.detail
        : "This verification link is invalid or has expired."
      : null;
  return (
    <AuthLayout title="Verifying your email">
      {failure ? (
        <Box sx={{ display: "grid", gap: 2 }}>
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
          <Button component={RouterLink} to="/sign-in" variant="contained">
            Go to Sign In
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: "flex", gap: 2, alignItems: "center", justifyContent: "center" }}>
          <CircularProgress size={24} />
          <Typography>Confirming your address…</Typography>
        </Box>
      )}
    </AuthLayout>
  );
}
