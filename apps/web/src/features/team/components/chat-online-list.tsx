/** Who is online in the workspace now, beside the chat: live from the team socket's presence. */
import { Avatar, Badge, Box, List, ListItem, ListItemAvatar, ListItemText, Typography } from "@mui/material";
import type { Presence } from "@prospector/contracts";
import { avatarColor, initials } from "./presence-avatars.tsx";

const STATUS_LABEL: Record<Presence["status"], string> = { online: "Online", away: "Away", busy: "Busy" };
const STATUS_COLOR: Record<Presence["status"], "success" | "warning" | "error"> = { online: "success", away: "warning", busy: "error" };

export function ChatOnlineList({ online, connected, me }: { online: Presence[]; connected: boolean; me: string | null }) {
  return (
    <Box component="section" aria-label="Online now" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ px: 0.5 }}>
        {connected ? `Online now (${online.length})` : "Online now"}
      </Typography>
      {!connected && (
        <Typography variant="body2" color="textSecondary" sx={{ px: 0.5, py: 1 }}>
          Not connected to the team server — reconnecting.
        </Typography>
      )}
      {connected && online.length <= 1 && (
        <Typography variant="body2" color="textSecondary" sx={{ px: 0.5, py: 1 }}>
          Only you are here right now. Invite colleagues from Team → Members.
        </Typography>
      )}
      <List dense disablePadding>
        {online.map((p) => (
          <ListItem key={p.user_id} disableGutters sx={{ px: 0.5 }}>
            <ListItemAvatar sx={{ minWidth: 44 }}>
              <Badge
                overlap="circular"
                variant="dot"
                color={STATUS_COLOR[p.status]}
                anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
              >
                <Avatar sx={{ width: 30, height: 30, fontSize: 13, bgcolor: avatarColor(p.user_id), color: "#fff" }} aria-hidden>
                  {initials(p.name)}
                </Avatar>
              </Badge>
            </ListItemAvatar>
            <ListItemText primary={p.user_id === me ? `${p.name} (you)` : p.name} secondary={STATUS_LABEL[p.status]} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
