/** One generated image: the picture, its alt text (editable), why it says what it says, the embed HTML and its public link. */

import { Box, Button, Card, CardActions, CardContent, Link, Stack, TextField, Typography } from "@mui/material";
import type { PersonalizedImage } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useImageActions, useImageUrl } from "../api/use-images.ts";

const TEMPLATE_LABELS = { banner: "Banner", website_card: "Your website card" } as const;

export function ImageCard({ image, canEdit }: { image: PersonalizedImage; canEdit: boolean }) {
  const src = useImageUrl(image);
  const actions = useImageActions();
  const toast = useToast();
  const [alt, setAlt] = useState(image.alt_text);
  const [confirm, setConfirm] = useState(false);
  const altError = alt.trim() ? null : "Alt text must not be empty";

  const copy = async () => {
    if (!image.embed_html) return;
    try {
      await navigator.clipboard.writeText(image.embed_html);
      toast.success("Embed HTML copied");
    } catch {
      toast.error("The browser refused the clipboard: select the HTML and copy it by hand");
    }
  };
  const saveAlt = () =>
    actions.updateAlt.mutate(
      { id: image.id, alt_text: alt.trim() },
      { onSuccess: () => toast.success("Alt text saved"), onError: (e) => toast.error(errorMessage(e)) },
    );

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`${TEMPLATE_LABELS[image.template]} from ${formatUtcDateTime(image.created_at)}`}
    >
      <Box sx={{ bgcolor: "action.hover", p: 1 }}>
        {src ? (
          <Box component="img" src={src} alt={image.alt_text} sx={{ width: "100%", display: "block", borderRadius: 1 }} />
        ) : (
          <Typography color="textSecondary" sx={{ p: 4, textAlign: "center" }}>
            Loading image…
          </Typography>
        )}
      </Box>
      <CardContent>
        <Typography variant="subtitle2">
          {TEMPLATE_LABELS[image.template]} · {image.width / 2}×{image.height / 2} in email · {formatUtcDateTime(image.created_at)}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          Why: {image.explanation}{" "}
          {image.ai_action_id && (
            <Link component={RouterLink} to={`/ai-transparency?action=${image.ai_action_id}`}>
              In the AI ledger
            </Link>
          )}
        </Typography>
        <TextField
          fullWidth
          multiline
          size="small"
          label="Alt text"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          error={Boolean(altError)}
          helperText={altError ?? "Read by screen readers and shown when the mail client blocks images."}
          disabled={!canEdit}
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        {image.embed_html ? (
          <TextField
            fullWidth
            multiline
            size="small"
            label="Embed HTML"
            value={image.embed_html}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        ) : (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
            The public link is revoked: emails that embed it show no image. Make a new link to embed it again.
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: "wrap" }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          {image.embed_html && <Button onClick={copy}>Copy embed HTML</Button>}
          {canEdit && (
            <Button onClick={saveAlt} disabled={Boolean(altError) || alt.trim() === image.alt_text || actions.updateAlt.isPending}>
              Save alt text
            </Button>
          )}
          {canEdit &&
            (image.public_url ? (
              <Button onClick={() => actions.revoke.mutate(image.id, { onError: (e) => toast.error(errorMessage(e)) })}>
                Revoke public link
              </Button>
            ) : (
              <Button onClick={() => actions.relink.mutate(image.id, { onError: (e) => toast.error(errorMessage(e)) })}>
                Make a new public link
              </Button>
            ))}
          {canEdit && (
            <Button color="error" onClick={() => setConfirm(true)}>
              Delete
            </Button>
          )}
        </Stack>
      </CardActions>
      <ConfirmDialog
        open={confirm}
        title="Delete this image?"
        confirmLabel="Delete"
        danger
        pending={actions.remove.isPending}
        error={actions.remove.error}
        onConfirm={() => actions.remove.mutate(image.id, { onSuccess: () => setConfirm(false) })}
        onClose={() => setConfirm(false)}
      >
        Emails that already embed it will show no image.
      </ConfirmDialog>
    </Card>
  );
}
