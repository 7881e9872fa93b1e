/** The workspace's saved email templates: listed newest first (keyset pages), deletable, and used in Compose or a new campaign. */
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from "@mui/material";
import type { SavedEmailTemplate } from "@prospector/contracts";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCreateCampaign } from "../../campaigns/api/use-campaigns.ts";
import { useDeleteTemplate, useSavedTemplates } from "../api/use-ai-activity.ts";

/** /compose reads ?subject=&body= as its first draft. */
export const composeHref = (t: { subject: string; body: string }) =>
  `/compose?${new URLSearchParams({ subject: t.subject, body: t.body })}`;

export function SavedTemplatesCard() {
  const toast = useToast();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const canWrite = can("campaigns:create");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const list = useSavedTemplates(cursors.at(-1));
  const remove = useDeleteTemplate();
  const create = useCreateCampaign();
  const items = list.data?.items ?? [];

  const startCampaign = (t: SavedEmailTemplate) =>
    create.mutate(
      { name: t.name, subject_line: t.subject, body: t.body },
      { onSuccess: (c) => navigate(`/campaigns/${c.id}/edit?step=sequence`), onError: (e) => toast.error(e.message) },
    );

  return (
    <Card variant="outlined">
      <CardHeader title="Saved email templates" slotProps={{ title: { variant: "subtitle1" } }} />
      <CardContent>
        {list.isError && <Alert severity="error">{list.error.message}</Alert>}
        {list.data && items.length === 0 && cursors.length === 1 && (
          <Typography color="textSecondary">
            No saved templates yet: run a prompt above and press “Save as template” on the output you like. Lead variables such as{" "}
            {"{{first_name}}"} are filled in for each recipient.
          </Typography>
        )}
        <Stack spacing={1.5} component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
          {items.map((t) => (
            <Box component="li" key={t.id} sx={{ p: 1.5, border: 1, borderColor: "divider", borderRadius: 2 }}>
              <Typography variant="subtitle2" component="h3">
                {t.name}
              </Typography>
              <Typography variant="body2">{`Subject: ${t.subject}`}</Typography>
              <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: "pre-wrap", maxHeight: 96, overflow: "hidden" }}>
                {t.body}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 1, alignItems: "center" }}>
                {t.variables.map((v) => (
                  <Chip key={v} size="small" variant="outlined" label={`{{${v}}}`} />
                ))}
                <Typography variant="caption" color="textSecondary">
                  {t.created_by ? `by ${t.created_by.name}` : ""}
                </Typography>
                <Box sx={{ flex: 1 }} />
                {canWrite && (
                  <>
                    <Button size="small" component={Link} to={composeHref(t)}>
                      Use in Compose
                    </Button>
                    <Button size="small" onClick={() => startCampaign(t)} disabled={create.isPending}>
                      Start a campaign with it
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      aria-label={`Delete ${t.name}`}
                      onClick={() =>
                        remove.mutate(t.id, { onSuccess: () => toast.success(`Deleted ${t.name}`), onError: (e) => toast.error(e.message) })
                      }
                    >
                      Delete
                    </Button>
                  </>
                )}
              </Stack>
            </Box>
          ))}
        </Stack>
        {(cursors.length > 1 || list.data?.next_cursor) && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
            <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Previous
            </Button>
            <Button disabled={!list.data?.next_cursor} onClick={() => setCursors((c) => [...c, list.data!.next_cursor!])}>
              Next
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
