/** Stores an address left in the landing page's newsletter box (POST /api/newsletter/subscribe). */
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export function useNewsletterSubscribe() {
  return useMutation({
    mutationFn: (email: string) => api.post<unknown>("/newsletter/subscribe", { email }),
  });
}
