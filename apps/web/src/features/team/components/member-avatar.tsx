/** A member's avatar with a presence dot (online green, away amber, offline none) and its text for screen readers. */
import { Avatar, Badge } from "@mui/material";
import type { WorkspaceMember } from "@prospector/contracts";
import { initials, PRESENCE_LABELS } from "../lib/team-labels.ts";

export function MemberAvatar({ user, size = 32 }: { user: WorkspaceMember["user"]; size?: number }) {
  const color = user.presence === "online" ? "success.main" : user.presence === "away" ? "warning.main" : "transparent";
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      variant="dot"
      invisible={user.presence === "offline"}
      sx={{ "& .MuiBadge-badge": { bgcolor: color, boxShadow: (t) => `0 0 0 2px ${t.palette.background.paper}` } }}
    >
      <Avatar
        src={user.avatar_url ?? undefined}
        alt=""
        aria-label={`${user.full_name || user.email} (${PRESENCE_LABELS[user.presence] ?? user.presence})`}
        sx={{ width: size, height: size, fontSize: size * 0.4 }}
      >
        {initials(user.full_name || user.email)}
      </Avatar>
    </Badge>
  );
}
