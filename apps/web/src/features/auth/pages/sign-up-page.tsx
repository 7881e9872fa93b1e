/**
 * /sign-up: creates an account (POST /api/auth/register). Shows when this first account will
 * administer the organization (it needs the setup token from the link the server prints at first
 * start), when sign-up is closed, the instance's password policy as a live checklist, the demo
 * intent from the landing page, and a "check your email" state when verification is required.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import AdminPanelSettings from "@mui/icons-material/AdminPanelSettings";
import LockOutlined from "@mui/icons-material/LockOutlined";
import MarkEmailUnread from "@mui/icons-material/MarkEmailUnread";
import PlayCircleOutlined from "@mui/icons-material/PlayCircleOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type PasswordPolicy, TRIAL_DAYS } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { errorMessage } from "../../../lib/errors.ts";
import { takeLandingPath } from "../api/complete-sign-in.ts";
import { useAuthConfig } from "../api/use-auth-config.ts";
import { useResendVerification } from "../api/use-password-reset.ts";
import { useRegister } from "../api/use-register.ts";
import { useSession } from "../api/use-session.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { AuthTextField } from "../components/auth-text-field.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { RequirementList } from "../components/requirement-list.tsx";
import { SsoButton } from "../components/sso-button.tsx";
import { applyServerError, DEFAULT_PASSWORD_POLICY, emailField, muiField, policyChecklist, policyPasswordField } from "../lib/auth-form.ts";

function signUpSchema(policy: PasswordPolicy) {
  return z.object({
    full_name: z.string().trim().min(1, "Full name is required").max(200, "Full name must be at most 200 characters"),
    email: emailField,
    password: policyPasswordField(policy),
    remember: z.boolean(),
  });
}
type SignUpForm = z.infer<ReturnType<typeof signUpSchema>>;

function CheckYourEmail({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <AuthLayout title="Check your email">
      <Box sx={{ textAlign: "center", display: "grid", gap: 2 }}>
        <MarkEmailUnread color="primary" sx={{ fontSize: 56, mx: "auto" }} />
        <Typography>
          We sent a verification link to <strong>{email}</strong>. Open it to activate your account, then sign in.
        </Typography>
        {resend.isSuccess && <Alert severity="success">A new verification email is on its way.</Alert>}
        {resend.isError && <Alert severity="error">{errorMessage(resend.error)}</Alert>}
        <Button variant="outlined" onClick={() => resend.mutate(email)} disabled={resend.isPending}>
          {resend.isPending ? "Sending…" : "Resend verification email"}
        </Button>
        <Button component={RouterLink} to="/sign-in" variant="contained">
          Go to Sign In
        </Button>
      </Box>
    </AuthLayout>
  );
}

export default function SignUpPage() {
  const [params] = useSearchParams();
  const demo = params.get("intent") === "demo";
  const setupToken = params.get("setup_token")?.trim() || undefined;
  // From an invitation link (/invite/:token): the invited address, and back to the invitation afterwards.
  const invite = params.get("invite")?.trim() || undefined;
  const landing = invite ? `/invite/${encodeURIComponent(invite)}` : undefined;
  const navigate = useNavigate();
  const session = useSession();
  const config = useAuthConfig();
  const registerAccount = useRegister();
  const [notice, setNotice] = useState<string | null>(null);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const policy = config.data?.password_policy ?? DEFAULT_PASSWORD_POLICY;
  const schema = useMemo(() => signUpSchema(policy), [policy]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: zodResolver(schema),
    defaultValues: { full_name: "", email: params.get("email") ?? "", password: "", remember: true },
  });
  const password = useWatch({ control, name: "password" });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const result = await registerAccount.mutateAsync({ ...values, setup_token: setupToken, invite_token: invite });
      if (result.access_token) navigate(takeLandingPath(landing), { replace: true });
      else setVerifyEmail(values.email);
    } catch (error) {
      const rest = applyServerError(error, setError, ["full_name", "email", "password"]);
      if (rest && (error as { code?: string }).code === "EMAIL_IN_USE") setError("email", { type: "server", message: rest });
      else if (rest) setNotice(rest);
    }
  });

  if (verifyEmail) return <CheckYourEmail email={verifyEmail} />;
  if (session.status === "authenticated" && !registerAccount.isPending && !registerAccount.isSuccess)
    return <Navigate to="/dashboard" replace />;
  // An invitation opens closed sign-up for the invited address (the server checks the token).
  if (config.data && !config.data.signup_open && !invite) {
    return (
      <AuthLayout title="Sign-up is closed">
        <Box sx={{ textAlign: "center", display: "grid", gap: 2 }}>
          <LockOutlined color="action" sx={{ fontSize: 56, mx: "auto" }} />
          <Typography>New accounts on this Prospector server are by invitation only. Ask an administrator to invite you.</Typography>
          <Button component={RouterLink} to="/sign-in" variant="contained">
            Go to Sign In
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={`Start your ${TRIAL_DAYS}-day free trial. No credit card required.`}
      footer={
        <>
          Already have an account?{" "}
          <Link component={RouterLink} to="/sign-in">
            Sign in
          </Link>
        </>
      }
    >
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: "grid", gap: 2 }}>
        {demo && (
          <Alert icon={<PlayCircleOutlined />} severity="info">
            The demo is the product itself: create an account, connect an inbox and import a few leads to see Prospector work on your own
            data.
          </Alert>
        )}
        {config.data?.first_user && setupToken && (
          <Alert icon={<AdminPanelSettings />} severity="success">
            No account exists yet. This first account becomes the organization's administrator.
          </Alert>
        )}
        {config.data?.first_user && !setupToken && (
          <Alert icon={<AdminPanelSettings />} severity="warning">
            This server is not set up yet: the first account becomes its administrator, so it needs the setup link. Open the sign-up link
            printed in the server console when it started (it ends with <code>?setup_token=…</code>).
          </Alert>
        )}
        {config.isError && (
          <Alert severity="warning">Could not load this server's sign-up settings; the default password policy is shown.</Alert>
        )}
        {notice && (
          <Alert severity="error" role="alert">
            {notice}
          </Alert>
        )}
        {/* Single sign-on cannot create an instance's first account: that takes the setup link. */}
        {!config.data?.first_user && <SsoButton />}
        <AuthTextField
          {...muiField(register("full_name"))}
          label="Full name"
          autoComplete="name"
          autoFocus
          fullWidth
          error={!!errors.full_name}
          helperText={errors.full_name?.message}
        />
        <AuthTextField
          {...muiField(register("email"))}
          label="Work email"
          type="email"
          autoComplete="email"
          fullWidth
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...muiField(register("password"))}
          label="Password"
          autoComplete="new-password"
          fullWidth
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <RequirementList items={policyChecklist(password, policy)} />
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
              label="Keep me signed in on this device"
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? "Creating account…" : "Create Account"}
        </Button>
      </Box>
    </AuthLayout>
  );
}
