/**
 * /sign-in: email and password against POST /api/auth/login, "remember me" choosing where the
 * token lives, server errors next to the fields, explicit locked / unverified states, and the
 * two-factor code step when the account asks for one.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import type { TwoFactorChallenge } from "@prospector/contracts";
import { useCallback, useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { ApiError } from "../../../lib/errors.ts";
import { takeLandingPath } from "../api/complete-sign-in.ts";
import { useLogin } from "../api/use-login.ts";
import { twoFactorChallengeOf } from "../api/use-login-two-factor.ts";
import { useResendVerification } from "../api/use-password-reset.ts";
import { useSession } from "../api/use-session.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { SsoButton } from "../components/sso-button.tsx";
import { type RestartReason, TwoFactorStep } from "../components/two-factor-step.tsx";
import { applyServerError, emailField, muiField } from "../lib/auth-form.ts";

const SignInForm = z.object({
  email: emailField,
  password: z.string().min(1, "Password is required"),
  remember: z.boolean(),
});
type SignInForm = z.infer<typeof SignInForm>;

type Notice = { kind: "locked" | "unverified" | "error"; text: string; email?: string } | null;

/** What the identity provider's error callback means for the person (codes from better-auth or our hooks). */
const SSO_ERROR_TEXT: Record<string, string> = {
  account_not_linked:
    "An account with this email address already exists here and signs in with a password. Sign in with your password; single sign-on is not linked to it automatically.",
  SETUP_TOKEN_REQUIRED:
    "This server is not set up yet: its first account must be created with the sign-up link printed in the server console.",
  SIGNUP_CLOSED: "There is no account for you on this server, and sign-up is closed. Ask an administrator to invite you.",
};

export default function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The identity provider's error callback lands here with ?error=… when single sign-on fails.
  const ssoError = params.get("error");
  const session = useSession();
  const login = useLogin();
  const resend = useResendVerification();
  const [notice, setNotice] = useState<Notice>(null);
  // Held in memory only: a reload or another tab starts again at the password.
  const [challenge, setChallenge] = useState<{ data: TwoFactorChallenge; remember: boolean } | null>(null);
  const [askPasswordAgain, setAskPasswordAgain] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignInForm>({ resolver: zodResolver(SignInForm), defaultValues: { email: "", password: "", remember: false } });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    resend.reset();
    try {
      await login.mutateAsync(values);
      navigate(takeLandingPath(), { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      const detail = error instanceof ApiError ? (error.detail ?? error.message) : "";
      const twoFactor = twoFactorChallengeOf(error);
      if (twoFactor) setChallenge({ data: twoFactor, remember: values.remember });
      else if (code === "INVALID_CREDENTIALS") setError("password", { type: "server", message: detail });
      else if (code === "ACCOUNT_LOCKED") setNotice({ kind: "locked", text: detail });
      else if (code === "EMAIL_NOT_VERIFIED") setNotice({ kind: "unverified", text: detail, email: values.email });
      else {
        const rest = applyServerError(error, setError, ["email", "password"]);
        if (rest) setNotice({ kind: "error", text: rest });
      }
    }
  });

  const finishTwoFactor = useCallback(() => navigate(takeLandingPath(), { replace: true }), [navigate]);

  const restart = useCallback(
    (reason: RestartReason) => {
      setChallenge(null);
      setNotice(reason);
      // The password is asked again: the old one proved nothing for a sign-in that has ended.
      setValue("password", "");
      setAskPasswordAgain(true);
    },
    [setValue],
  );

  // After the password form is back on screen (the email is kept), the cursor waits in the password.
  useEffect(() => {
    if (challenge || !askPasswordAgain) return;
    setFocus("password");
    setAskPasswordAgain(false);
  }, [challenge, askPasswordAgain, setFocus]);

  // Someone already signed in has nothing to do here (but not mid-submit or mid-second-step: those navigate themselves).
  if (session.status === "authenticated" && !login.isPending && !login.isSuccess && !challenge) return <Navigate to="/dashboard" replace />;

  if (challenge) {
    return (
      <AuthLayout title="Two-step verification" subtitle="Your account is protected with two-factor authentication.">
        <TwoFactorStep challenge={challenge.data} remember={challenge.remember} onSignedIn={finishTwoFactor} onRestart={restart} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Prospector"
      subtitle="Welcome back."
      footer={
        <>
          Don't have an account?{" "}
          <Link component={RouterLink} to="/sign-up">
            Sign up
          </Link>
        </>
      }
    >
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: "grid", gap: 2 }}>
        <SsoButton />
        {ssoError && !notice && (
          <Alert severity="error" role="alert">
            {SSO_ERROR_TEXT[ssoError] ??
              `Single sign-on did not complete (${ssoError.replaceAll("_", " ").toLowerCase()}). Try again or sign in with your password.`}
          </Alert>
        )}
        {notice?.kind === "locked" && (
          <Alert severity="warning" role="alert">
            {notice.text}{" "}
            <Link component={RouterLink} to="/forgot-password">
              Reset your password
            </Link>
          </Alert>
        )}
        {notice?.kind === "unverified" && (
          <Alert
            severity="info"
            role="alert"
            action={
              <Button
                color="inherit"
                size="small"
                disabled={resend.isPending || resend.isSuccess}
                onClick={() => notice.email && resend.mutate(notice.email)}
              >
                {resend.isSuccess ? "Sent" : "Resend email"}
              </Button>
            }
          >
            {notice.text}
            {resend.isError && " We could not send the email right now; try again in a moment."}
          </Alert>
        )}
        {notice?.kind === "error" && (
          <Alert severity="error" role="alert">
            {notice.text}
          </Alert>
        )}
        <TextField
          {...muiField(register("email"))}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...muiField(register("password"))}
          label="Password"
          autoComplete="current-password"
          fullWidth
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", flexWrap: "wrap" }}>
          <Controller
            name="remember"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                  />
                }
                label="Remember me"
              />
            )}
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign In"}
        </Button>
      </Box>
    </AuthLayout>
  );
}
