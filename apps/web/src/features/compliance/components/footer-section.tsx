/** The CAN-SPAM footer text and postal address every campaign email carries (the sender appends them). */
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from "@mui/material";
import type { FooterSettings } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useFooter, useSaveFooter } from "../api/use-compliance.ts";

export function FooterSection({ canAct }: { canAct: boolean }) {
  const q = useFooter();
  if (q.isError) return <Alert severity="error">{errorMessage(q.error)}</Alert>;
  if (!q.data) return null;
  return <FooterForm key={q.data.updated_at ?? "new"} initial={q.data} canAct={canAct} />;
}

function FooterForm({ initial, canAct }: { initial: FooterSettings; canAct: boolean }) {
  const toast = useToast();
  const save = useSaveFooter();
  const [address, setAddress] = useState(initial.postal_address);
  const [text, setText] = useState(initial.footer_text);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { postal_address: address, footer_text: text },
      {
        onSuccess: () => toast.success("Footer saved: every campaign email from now on carries it"),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <Card variant="outlined">
      <CardHeader
        title="Email footer & postal address"
        subheader="Added at the bottom of every campaign email, under the unsubscribe link your template already has (CAN-SPAM asks for a valid physical postal address)."
      />
      <CardContent>
        {!initial.postal_address ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            No postal address yet: campaign emails go out without one until you add it.
          </Alert>
        ) : null}
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <TextField
              label="Postal address"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              multiline
              minRows={2}
              disabled={!canAct}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              label="Footer text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={2}
              disabled={!canAct}
              helperText="For example why the person receives this email."
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
            {canAct ? (
              <Box>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  Save footer
                </Button>
              </Box>
            ) : (
              <Typography color="textSecondary">Only people who may update compliance settings can change the footer.</Typography>
            )}
            {address.trim() || text.trim() ? (
              <Box sx={{ p: 2, border: 1, borderColor: "divider", borderRadius: 1 }} aria-label="Preview">
                <Typography variant="caption" color="textSecondary" component="div" sx={{ mb: 1 }}>
                  Preview of the footer
                </Typography>
                {[text, address]
                  .filter((l) => l.trim())
                  .map((l) => (
                    <Typography key={l} variant="body2" color="textSecondary" sx={{ whiteSpace: "pre-line" }}>
                      {l}
                    </Typography>
                  ))}
              </Box>
            ) : null}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
