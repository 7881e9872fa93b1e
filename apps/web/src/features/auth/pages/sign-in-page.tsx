/**
 * /sign-in: email and password against POST /api/auth/login, "remember me" choosing where the
 * token lives, server errors next to the fields, explicit locked / unverified states, and the
 * two-factor code step when the account asks for one.
 *
 * The form keeps its own state and checks with auth-fields.ts: this page is many visitors' first,
 * and react-hook-form with zod were 37 KB of its JavaScript (bench/web). It behaves as the other
 * auth forms: checked on submit, then again on each change once a submit was tried, the first
 * field in error focused.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import type { TwoFactorChallenge } from "@prospector/contracts";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/errors.ts";
import { takeLandingPath } from "../api/complete-sign-in.ts";
import { useLogin } from "../api/use-login.ts";
import { twoFactorChallengeOf } from "../api/use-login-two-factor.ts";
import { useResendVerification } from "../api/use-password-reset.ts";
import { useSession } from "../api/use-session.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { AuthTextField } from "../components/auth-text-field.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { SsoButton } from "../components/sso-button.tsx";
import { type RestartReason, TwoFactorStep } from "../components/two-factor-step.tsx";
import { applyServerError, emailProblem, PASSWORD_REQUIRED } from "../lib/auth-fields.ts";

interface SignInForm {
  email: string;
  password: string;
  remember: boolean;
}
type Field = "email" | "password";
type FieldErrors = Partial<Record<Field, string>>;

/** The form's own checks (shell spec §5), in field order. */
function check(values: SignInForm): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = PASSWORD_REQUIRED;
  return errors;
}

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
  // An invitation link (/invite/:token) sends the invited address along.
  const [values, setValues] = useState<SignInForm>({ email: params.get("email") ?? "", password: "", remember: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Once a submit was tried, each change checks the form again (its messages follow the typing).
  const [submitted, setSubmitted] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const setError = useCallback(
    (field: Field, error: { type: "server"; message: string }) => setErrors((e) => ({ ...e, [field]: error.message })),
    [],
  );

  const change = (field: keyof SignInForm, value: string | boolean) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Only the changed field is checked again, as react-hook-form does: a server message on the
    // other field stays until that one changes.
    if (submitted && field !== "remember") setErrors((e) => ({ ...e, [field]: check(next)[field] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const problems = check(values);
    setErrors(problems);
    const first = (["email", "password"] as const).find((f) => problems[f]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    setNotice(null);
    resend.reset();
    setSubmitting(true);
    try {
      await login.mutateAsync({ ...values, email: values.email.trim() });
      navigate(takeLandingPath(), { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      const detail = error instanceof ApiError ? (error.detail ?? error.message) : "";
      const twoFactor = twoFactorChallengeOf(error);
      if (twoFactor) setChallenge({ data: twoFactor, remember: values.remember });
      else if (code === "INVALID_CREDENTIALS") setError("password", { type: "server", message: detail });
      else if (code === "ACCOUNT_LOCKED") setNotice({ kind: "locked", text: detail });
      else if (code === "EMAIL_NOT_VERIFIED") setNotice({ kind: "unverified", text: detail, email: values.email.trim() });
      else {
        const rest = applyServerError(error, setError, ["email", "password"]);
        if (rest) setNotice({ kind: "error", text: rest });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const finishTwoFactor = useCallback(() => navigate(takeLandingPath(), { replace: true }), [navigate]);

  const restart = useCallback((reason: RestartReason) => {
    setChallenge(null);
    setNotice(reason);
    // The password is asked again: the old one proved nothing for a sign-in that has ended.
    setValues((v) => ({ ...v, password: "" }));
    setAskPasswordAgain(true);
  }, []);

  // After the password form is back on screen (the email is kept), the cursor waits in the password.
  useEffect(() => {
    if (challenge || !askPasswordAgain) return;
    inputs.password.current?.focus();
    setAskPasswordAgain(false);
  }, [challenge, askPasswordAgain, inputs.password]);

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
        <AuthTextField
          inputRef={inputs.email}
          name="email"
          value={values.email}
          onChange={(e) => change("email", e.target.value)}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={!!errors.email}
          helperText={errors.email}
        />
        <PasswordField
          inputRef={inputs.password}
          name="password"
          value={values.password}
          onChange={(e) => change("password", e.target.value)}
          label="Password"
          autoComplete="current-password"
          fullWidth
          error={!!errors.password}
          helperText={errors.password}
        />
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", flexWrap: "wrap" }}>
          <FormControlLabel
            control={<Checkbox checked={values.remember} onChange={(e) => change("remember", e.target.checked)} name="remember" />}
            label="Remember me"
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
