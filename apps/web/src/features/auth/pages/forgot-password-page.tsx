/**
 * /forgot-password (shell spec §2, §4, §5): asks for the email, then always shows "Check Your
 * Email" — whether the request failed or the account exists is not revealed.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import ArrowBack from "@mui/icons-material/ArrowBack";
import MarkEmailRead from "@mui/icons-material/MarkEmailRead";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { z } from "zod";
import { useRequestPasswordReset } from "../api/use-password-reset.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { AuthTextField } from "../components/auth-text-field.tsx";
import { emailField, muiField } from "../lib/auth-form.ts";

const ForgotPasswordForm = z.object({ email: emailField });
type ForgotPasswordForm = z.infer<typeof ForgotPasswordForm>;

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(ForgotPasswordForm), defaultValues: { email: "" }, reValidateMode: "onChange" });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
    } catch (error) {
      // Shown as success on purpose (spec §8): an error must not reveal whether the account exists.
      console.warn("Password reset request failed", error);
    }
    setSentTo(email);
  });

  if (sentTo !== null) {
    return (
      <AuthLayout title="Check Your Email">
        <Box sx={{ textAlign: "center" }}>
          <MarkEmailRead color="primary" sx={{ fontSize: 56, mb: 2 }} />
          <Typography>
            If an account exists for <strong>{sentTo}</strong>, we have sent instructions to reset your password.
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 2 }}>
            The link expires in 1 hour. Didn't get it? Check your spam folder or{" "}
            <Link
              component="button"
              type="button"
              onClick={() => {
                reset({ email: "" });
                request.reset();
                setSentTo(null);
              }}
              sx={{ verticalAlign: "baseline" }}
            >
              Try again
            </Link>
            .
          </Typography>
          <Button component={RouterLink} to="/login" startIcon={<ArrowBack />} sx={{ mt: 3 }}>
            Back to Login
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to reset your password."
    >
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: "grid", gap: 2 }}>
        <AuthTextField
          {...muiField(register("email"))}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={!!errors.email || request.isPending}>
          {request.isPending ? "Sending…" : "Send Reset Instructions"}
        </Button>
        <Button component={RouterLink} to="/login" startIcon={<ArrowBack />}>
          Back to Login
        </Button>
      </Box>
    </AuthLayout>
  );
}
