/** The landing page's newsletter box. */
import { z } from "zod";

export const NewsletterSubscribe = z.object({
  email: z
    .email("Please enter a valid email address")
    .max(254, "Please enter a valid email address")
    .transform((e) => e.trim().toLowerCase()),
});
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribe>;

export const NewsletterSubscribed = z.object({ message: z.string() });
export const NEWSLETTER_PER_IP_PER_MINUTE = 10;
