/**
 * The other people looking at the same page right now (a shared campaign, the leads list, a deal):
 * one avatar each with their name, "editing" for the one holding the page's edit lock. Renders
 * nothing when nobody else is there, so a page looks the same for someone working alone.
 */
import { Avatar, AvatarGroup, Box, Tooltip, Typography } from "@mui/material";
import { useMyUserId, useResourcePresence } from "../api/use-presence.ts";

/** Two initials from a name ("Ana Berg" → "AB"), or "?". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

/** A stable colour per person, readable in light and dark mode. */
export function avatarColor(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h} 55% 45%)`;
}

export function PresenceAvatars({ resource, max = 4 }: { resource: string; max?: number }) {
  const me = useMyUserId();
  const { users, lock } = useResourcePresence(resource);
  const others = users.filter((u) => u.user_id !== me);
  if (others.length === 0) return null;
  const label = `Also here: ${others.map((u) => `${u.name} (${lock?.user_id === u.user_id ? "editing" : "viewing"})`).join(", ")}`;
  return (
    <Box role="group" aria-label={label} sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Typography variant="caption" color="textSecondary" sx={{ display: { xs: "none", sm: "block" } }}>
        Also here
      </Typography>
      <AvatarGroup max={max} sx={{ "& .MuiAvatar-root": { width: 30, height: 30, fontSize: 13 } }}>
        {others.map((u) => {
          const editing = lock?.user_id === u.user_id;
          return (
            <Tooltip key={u.user_id} title={`${u.name} — ${editing ? "editing" : "viewing"}`}>
              <Avatar
                alt={u.name}
                data-testid="presence-avatar"
                sx={{
                  bgcolor: avatarColor(u.user_id),
                  color: "#fff",
                  outline: editing ? 2 : 0,
                  outlineColor: "warning.main",
                  outlineStyle: "solid",
                }}
              >
                {initials(u.name)}
              </Avatar>
            </Tooltip>
          );
        })}
      </AvatarGroup>
    </Box>
  );
}
