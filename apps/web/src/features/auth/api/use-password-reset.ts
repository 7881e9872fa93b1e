/** Forgot/reset password and e-mail verification calls (outreach-core §7). */
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

interface Message {
  message: string;
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post<Message>("/auth/request-password-reset", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; new_password: string }) => api.post<Message>("/auth/reset-password", input),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api.post<Message>("/auth/resend-verification", { email }),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => api.post<Message>("/auth/verify-email", { token }),
  });
}
