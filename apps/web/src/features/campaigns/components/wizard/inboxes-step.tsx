/** Wizard step 5: the inboxes the campaign sends from (rotated), with their health; connecting one happens on /inboxes. */
import OpenInNew from "@mui/icons-material/OpenInNew";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../../lib/errors.ts";
import { useInboxes } from "../../../inboxes/api/use-inboxes.ts";
import { healthColor, healthLabel } from "../../../inboxes/lib/inbox-labels.ts";
import type { CampaignDraft } from "../../lib/campaign-wizard.ts";

export function InboxesStep({ draft, onChange }: { draft: CampaignDraft; onChange: (d: CampaignDraft) => void }) {
  const inboxes = useInboxes();
  const toggle = (id: string) =>
    onChange({ ...draft, inbox_ids: draft.inbox_ids.includes(id) ? draft.inbox_ids.filter((x) => x !== id) : [...draft.inbox_ids, id] });
  const list = inboxes.data?.inboxes ?? [];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography color="textSecondary" sx={{ flex: 1, minWidth: 240 }}>
          The campaign rotates across the inboxes you pick, keeping each one's daily limit and gap between sends.
        </Typography>
        <Button component={RouterLink} to="/inboxes" endIcon={<OpenInNew />}>
          Manage inboxes
        </Button>
      </Box>
      {inboxes.isError && <Alert severity="error">{errorMessage(inboxes.error)}</Alert>}
      {inboxes.isSuccess && list.length === 0 && (
        <Alert severity="warning">No inbox is connected yet. Connect one on the Inboxes page, then come back.</Alert>
      )}
      <List aria-label="Inboxes">
        {list.map((i) => (
          <ListItem key={i.id} disablePadding>
            <ListItemButton onClick={() => toggle(i.id)}>
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={draft.inbox_ids.includes(i.id)}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { "aria-label": `Send from ${i.email}` } }}
                />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    {i.from_name ? `${i.from_name} <${i.email}>` : i.email}
                    {!i.delivers && <Chip size="small" color="warning" label="Local test mailbox: reaches nobody" />}
                    <Chip size="small" color={healthColor(i.health.status)} label={healthLabel(i.health.status)} />
                  </Box>
                }
                secondary={`${i.health.sent_today} of ${i.health.effective_daily_limit} sent today · bounce rate ${i.health.bounce_rate}%${i.health.reason ? ` · ${i.health.reason}` : ""}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {draft.inbox_ids.some((id) => !list.some((i) => i.id === id)) && inboxes.isSuccess && (
        <Alert severity="warning">Some selected inboxes no longer exist; they are dropped when you save.</Alert>
      )}
    </Stack>
  );
}
