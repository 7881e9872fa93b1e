/**
 * /reset-password?token=… (shell spec §2, §4, §5, §8): new password with strength meter and
 * checklist; only the 8-character minimum is checked here, the server applies the full policy.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import CheckCircle from "@mui/icons-material/CheckCircle";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useSearchParams } from "react-router";
import { z } from "zod";
import { ApiError } from "../../../lib/errors.ts";
import { useResetPassword } from "../api/use-password-reset.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { RequirementList } from "../components/requirement-list.tsx";
import { StrengthMeter } from "../components/strength-meter.tsx";
import { muiField } from "../lib/auth-form.ts";
import { passwordChecklist } from "../lib/password-strength.ts";

export const MISSING_TOKEN_MESSAGE = "Invalid or missing reset token. Please request a new password reset.";
export const RESET_FAILED_MESSAGE = "Failed to reset password. The link may have expired.";

const ResetForm = z
  .object({
    password: z.string().min(1, "Password is required").min(8, "Password must be at least 8 characters"),
    confirm: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "Passwords do not match" });
type ResetForm = z.infer<typeof ResetForm>;

function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return RESET_FAILED_MESSAGE;
  const reasons = error.errors?.map((e) => e.message) ?? [];
  return [error.detail ?? RESET_FAILED_MESSAGE, ...reasons].join(" ");
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ResetForm>({ resolver: zodResolver(ResetForm), defaultValues: { password: "", confirm: "" } });
  const password = useWatch({ control, name: "password" });

  const onSubmit = handleSubmit(async ({ password: newPassword }) => {
    if (!token) {
      setError("root", { message: "Invalid reset token" });
      return;
    }
    try {
      await resetPassword.mutateAsync({ token, new_password: newPassword });
    } catch {
      // Shown from resetPassword.error below.
    }
  });

  if (resetPassword.isSuccess) {
    return (
      <AuthLayout title="Password Reset Successful">
        <Box sx={{ textAlign: "center" }}>
          <CheckCircle color="success" sx={{ fontSize: 56, mb: 2 }} />
          <Typography>Your password has been changed. Sign in with your new password.</Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
            Go to Login
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  const disabled = !token;
  return (
    <AuthLayout title="Set a new password" subtitle="Choose a strong password you don't use anywhere else.">
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: "grid", gap: 2 }}>
        {!token && (
          <Alert severity="error">
            {MISSING_TOKEN_MESSAGE}{" "}
            <Link component={RouterLink} to="/forgot-password">
              Request a new link
            </Link>
          </Alert>
        )}
        {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
        {resetPassword.isError && (
          <Alert severity="error" role="alert">
            {failureText(resetPassword.error)}{" "}
            <Link component={RouterLink} to="/forgot-password">
              Request a new link
            </Link>
          </Alert>
        )}
        <PasswordField
          {...muiField(register("password"))}
          label="New password"
          autoComplete="new-password"
          fullWidth
          disabled={disabled}
          toggleLabel="new password"
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <StrengthMeter password={password} />
        <RequirementList items={passwordChecklist(password)} />
        <PasswordField
          {...muiField(register("confirm"))}
          label="Confirm new password"
          autoComplete="new-password"
          fullWidth
          disabled={disabled}
          toggleLabel="password confirmation"
          error={!!errors.confirm}
          helperText={errors.confirm?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={disabled || resetPassword.isPending}>
          {resetPassword.isPending ? "Resetting…" : "Reset Password"}
        </Button>
        <Button component={RouterLink} to="/login">
          Back to Login
        </Button>
      </Box>
    </AuthLayout>
  );
}
