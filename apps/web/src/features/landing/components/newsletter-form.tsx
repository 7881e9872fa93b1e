/**
 * Footer newsletter box: a non-empty address is stored through the API, the button reads
 * "Subscribed!" for 3 s and the input clears; an empty submit does nothing; server errors show.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useNewsletterSubscribe } from "../api/use-newsletter-subscribe.ts";

export const SUBSCRIBED_CONFIRMATION_MS = 3000;

export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const subscribe = useNewsletterSubscribe();

  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(() => setConfirmed(false), SUBSCRIBED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmed]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || subscribe.isPending) return;
    subscribe.mutate(value, {
      onSuccess: () => {
        setEmail("");
        setConfirmed(true);
      },
    });
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <Box sx={{ display: "flex", gap: 1 }}>
        <TextField
          size="small"
          type="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (subscribe.isError) subscribe.reset();
          }}
          slotProps={{ htmlInput: { "aria-label": "Email address" } }}
          sx={{ flexGrow: 1, bgcolor: "background.paper", borderRadius: 1 }}
        />
        <Button type="submit" variant="contained" disabled={subscribe.isPending} sx={{ whiteSpace: "nowrap", minWidth: 120 }}>
          {confirmed ? "Subscribed!" : "Subscribe"}
        </Button>
      </Box>
      {subscribe.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(subscribe.error)}
        </Alert>
      )}
    </Box>
  );
}
